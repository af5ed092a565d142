import type { Group, Member } from '@funkis/shared';
import DialogContentText from '@mui/material/DialogContentText';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/forms/form-dialog';
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

/**
 * An admin changes a member's role and group. A refusal (the last admin, 409) closes it with an error snackbar. The
 * dialog is made for each member (`key`), so it opens with that member's values.
 */
export function EditUserDialog({ eventId, groups, member, onClose }: EditUserDialogProps) {
  return member ? (
    <EditUserForm key={member.id} eventId={eventId} groups={groups} member={member} onClose={onClose} />
  ) : null;
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
    <FormDialog
      open
      onClose={onClose}
      maxWidth="xs"
      title={t('edit.title')}
      submitLabel={t('edit.submit')}
      pending={updateMutation.isPending}
      onSubmit={onSubmit}
    >
      <DialogContentText sx={{ overflowWrap: 'anywhere' }}>
        {t('edit.subject', { name: `${member.firstname} ${member.lastname}`, email: member.email })}
      </DialogContentText>
      <RoleSelect value={roleLevel} onChange={setRoleLevel} />
      <GroupSelect groups={groups} value={groupId} onChange={setGroupId} />
    </FormDialog>
  );
}
