import type { Member } from '@funkis/shared';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { useTranslateMessage } from '../../../hooks/use-translate-message';
import { errorMessagesOf } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/toast';
import { useRemoveUser } from '../api/remove-user';

interface RemoveUserDialogProps {
  eventId: number;
  /** The member to remove; null when the dialog is closed. */
  member: Member | null;
  onClose: () => void;
}

/** Asks before an admin removes a member. A refusal (the last admin, 409) is an error snackbar. */
export function RemoveUserDialog({ eventId, member, onClose }: RemoveUserDialogProps) {
  const { t } = useTranslation('users');
  const { enqueueSnackbar } = useSnackbar();
  const translateMessage = useTranslateMessage();
  const removeMutation = useRemoveUser(eventId);

  const onConfirm = () => {
    if (!member) return;
    removeMutation.mutate(member.id, {
      onSuccess: () => {
        enqueueSnackbar(t('snackbar.removed', { email: member.email }), { variant: 'success' });
        onClose();
      },
      onError: (error) => {
        for (const message of errorMessagesOf(error)) {
          enqueueSnackbar(translateMessage(message), { variant: 'error' });
        }
        onClose();
      },
    });
  };

  return (
    <Dialog open={member !== null} onClose={onClose} aria-labelledby="remove-user-title">
      <DialogTitle id="remove-user-title">{t('remove.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ overflowWrap: 'anywhere' }}>
          {member ? t('remove.message', { name: `${member.firstname} ${member.lastname}`, email: member.email }) : ''}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button color="error" variant="contained" onClick={onConfirm} loading={removeMutation.isPending}>
          {t('remove.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
