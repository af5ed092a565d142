import type { Group, Member } from '@funkis/shared';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from '../../../components/forms/form';
import { useTranslateMessage } from '../../../hooks/use-translate-message';
import { errorMessagesOf } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useSnackbar } from '../../../lib/toast';
import { useUpdateUser } from '../api/update-user';
import { GroupSelect, type RoleLevel, RoleSelect } from './member-fields';

interface EditUserDialogProps {
  eventId: number;
  groups: Group[];
  /** The member being changed; null when the dialog is closed. */
  member: Member | null;
  onClose: () => void;
}

/** An admin changes a member's role and group. A refusal (the last admin, 409) closes it with an error snackbar. */
export function EditUserDialog({ eventId, groups, member, onClose }: EditUserDialogProps) {
  return (
    <Dialog open={member !== null} onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="edit-user-title">
      {member ? (
        <EditUserForm key={member.id} eventId={eventId} groups={groups} member={member} onClose={onClose} />
      ) : null}
    </Dialog>
  );
}

function EditUserForm({ eventId, groups, member, onClose }: EditUserDialogProps & { member: Member }) {
  const { t } = useTranslation('users');
  const { enqueueSnackbar } = useSnackbar();
  const translateMessage = useTranslateMessage();
  const { user } = useAuth();
  const updateMutation = useUpdateUser(eventId, user?.id);
  const [roleLevel, setRoleLevel] = useState<RoleLevel>(member.roleLevel);
  const [groupId, setGroupId] = useState<number | null>(member.group?.id ?? null);

  const onSubmit = () => {
    const changes = {
      ...(roleLevel !== member.roleLevel ? { roleLevel } : {}),
      ...(groupId !== (member.group?.id ?? null) ? { groupId } : {}),
    };
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    updateMutation.mutate(
      { eventUserId: member.id, ...changes },
      {
        onSuccess: () => {
          enqueueSnackbar(t('snackbar.updated', { email: member.email }), { variant: 'success' });
          onClose();
        },
        onError: (error) => {
          for (const message of errorMessagesOf(error)) {
            enqueueSnackbar(translateMessage(message), { variant: 'error' });
          }
          onClose();
        },
      },
    );
  };

  return (
    <Form onSubmit={onSubmit}>
      <DialogTitle id="edit-user-title">{t('edit.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2, overflowWrap: 'anywhere' }}>
          {t('edit.subject', { name: `${member.firstname} ${member.lastname}`, email: member.email })}
        </DialogContentText>
        <Stack spacing={2}>
          <RoleSelect value={roleLevel} onChange={setRoleLevel} />
          <GroupSelect groups={groups} value={groupId} onChange={setGroupId} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('actions.cancel')}</Button>
        <Button type="submit" variant="contained" loading={updateMutation.isPending}>
          {t('edit.submit')}
        </Button>
      </DialogActions>
    </Form>
  );
}
