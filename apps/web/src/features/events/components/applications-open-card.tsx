import type { Event } from '@funkis/shared';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetApplicationsOpen } from '../../../api/set-applications-open';
import { errorMessagesOf } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/toast';
import { ConfirmDialog } from './confirm-dialog';

/** The applications switch; either way asks first (spec section 4). */
export function ApplicationsOpenCard({ event, children }: { event: Event; children?: ReactNode }) {
  const { t } = useTranslation('events');
  const { enqueueSnackbar } = useSnackbar();
  const [isConfirmOpen, setIsConfirmOpen] = useState(false);
  const switchMutation = useSetApplicationsOpen();
  const willOpen = !event.applicationsOpen;

  const close = () => {
    setIsConfirmOpen(false);
    switchMutation.reset();
  };
  const confirm = () =>
    switchMutation.mutate(
      { eventId: event.id, open: willOpen },
      {
        onSuccess: ({ event: saved }) => {
          close();
          enqueueSnackbar(saved.applicationsOpen ? t('applications.opened') : t('applications.closed'), {
            variant: 'success',
          });
        },
      },
    );

  return (
    <Card variant="outlined">
      <CardHeader title={t('applications.title')} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent>
        <FormControlLabel
          control={<Switch checked={event.applicationsOpen} onChange={() => setIsConfirmOpen(true)} />}
          label={t('applications.switch')}
        />
        <Typography color="text.secondary" sx={{ mt: 1 }} data-testid="applications-state">
          {event.applicationsOpen ? t('applications.isOpen') : t('applications.isClosed')}
        </Typography>
        {children}
      </CardContent>
      <ConfirmDialog
        open={isConfirmOpen}
        title={willOpen ? t('applications.openTitle') : t('applications.closeTitle')}
        message={willOpen ? t('applications.openMessage') : t('applications.closeMessage')}
        confirmLabel={willOpen ? t('applications.open') : t('applications.close')}
        isPending={switchMutation.isPending}
        errorMessages={switchMutation.isError ? errorMessagesOf(switchMutation.error) : []}
        onConfirm={confirm}
        onClose={close}
      />
    </Card>
  );
}
