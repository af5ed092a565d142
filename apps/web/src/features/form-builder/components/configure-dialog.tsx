import Settings from '@mui/icons-material/Settings';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetApplicationsOpen } from '../../../api/set-applications-open';
import { FormErrorList } from '../../../components/ui/form-error-list';
import { errorMessagesOf } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/toast';

/** "Configure": the applications open/closed switch, with a confirm step before the change. */
export function ConfigureButton({ eventId, applicationsOpen }: { eventId: number; applicationsOpen: boolean }) {
  const { t } = useTranslation('forms');
  const { enqueueSnackbar } = useSnackbar();
  const [isOpen, setIsOpen] = useState(false);
  const [pending, setPending] = useState<boolean | null>(null);
  const mutation = useSetApplicationsOpen();

  const close = () => {
    setIsOpen(false);
    setPending(null);
    mutation.reset();
  };
  const confirm = () => {
    if (pending === null) return;
    mutation.mutate(
      { eventId, open: pending },
      {
        onSuccess: () => {
          enqueueSnackbar(pending ? t('configure.opened') : t('configure.closed'), { variant: 'success' });
          setPending(null);
        },
      },
    );
  };

  return (
    <>
      <Button variant="outlined" startIcon={<Settings />} onClick={() => setIsOpen(true)}>
        {t('configure.button')}
      </Button>
      <Dialog open={isOpen} onClose={close} aria-labelledby="configure-title" fullWidth maxWidth="xs">
        <DialogTitle id="configure-title">{t('configure.title')}</DialogTitle>
        <DialogContent>
          {pending === null ? (
            <FormControlLabel
              control={<Switch checked={applicationsOpen} onChange={(event) => setPending(event.target.checked)} />}
              label={t('configure.applicationsOpen')}
            />
          ) : (
            <DialogContentText>{pending ? t('configure.confirmOpen') : t('configure.confirmClose')}</DialogContentText>
          )}
          <FormErrorList messages={mutation.isError ? errorMessagesOf(mutation.error) : []} />
        </DialogContent>
        <DialogActions>
          {pending === null ? (
            <Button onClick={close}>{t('configure.done')}</Button>
          ) : (
            <>
              <Button onClick={() => setPending(null)}>{t('configure.cancel')}</Button>
              <Button variant="contained" onClick={confirm} loading={mutation.isPending}>
                {pending ? t('configure.confirmOpenButton') : t('configure.confirmCloseButton')}
              </Button>
            </>
          )}
        </DialogActions>
      </Dialog>
    </>
  );
}
