import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { FormErrorList } from '../../../components/ui/form-error-list';
import { errorMessagesOf } from '../../../lib/api-client';
import { useRevokeCode } from '../api/revoke-code';

/** An admin makes a member's code invalid (a lost or copied badge): the member's next code is a new one. */
export function ReplaceCodeDialog({
  eventId,
  eventUserId,
  name,
  onClose,
  onDone,
}: {
  eventId: number;
  eventUserId: number;
  name: string;
  onClose(): void;
  onDone(): void;
}) {
  const { t } = useTranslation('event-day');
  const revoke = useRevokeCode(eventId);
  return (
    <Dialog open onClose={onClose} aria-labelledby="replace-code-title" aria-describedby="replace-code-text">
      <DialogTitle id="replace-code-title">{t('checkIn.replaceCodeTitle', { name })}</DialogTitle>
      <DialogContent>
        <DialogContentText id="replace-code-text">{t('checkIn.replaceCodeText', { name })}</DialogContentText>
        {revoke.error ? <FormErrorList messages={errorMessagesOf(revoke.error)} /> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('checkIn.cancel')}</Button>
        <Button
          color="error"
          variant="contained"
          loading={revoke.isPending}
          onClick={() => revoke.mutate(eventUserId, { onSuccess: onDone })}
        >
          {t('checkIn.replaceCodeConfirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
