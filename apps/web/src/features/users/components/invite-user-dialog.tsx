import { type Group, inviteMemberSchema } from '@funkis/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Form } from '../../../components/forms/form';
import { FormErrorList } from '../../../components/ui/form-error-list';
import { FormTextField } from '../../../components/ui/form-text-field';
import { errorMessagesOf } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/toast';
import { useInviteUser } from '../api/invite-user';
import { GroupSelect, RoleSelect } from './member-fields';

interface InviteUserDialogProps {
  eventId: number;
  groups: Group[];
  open: boolean;
  onClose: () => void;
}

type InviteValues = z.input<typeof inviteMemberSchema>;

const emptyValues: InviteValues = { email: '', roleLevel: 2, groupId: null };

/**
 * An admin invites an e-mail address: the person gets a mail and becomes a member when they accept (the server
 * answers alike whether or not the address has an account). "Already a member"/"already invited" (409) and the
 * hourly limit (429) show here.
 */
export function InviteUserDialog({ eventId, groups, open, onClose }: InviteUserDialogProps) {
  const { t } = useTranslation('users');
  const { enqueueSnackbar } = useSnackbar();
  const inviteMutation = useInviteUser(eventId);
  const form = useForm<InviteValues, unknown, z.output<typeof inviteMemberSchema>>({
    resolver: zodResolver(inviteMemberSchema),
    mode: 'onTouched',
    defaultValues: emptyValues,
  });
  const { control, reset } = form;

  const close = () => {
    reset(emptyValues);
    inviteMutation.reset();
    onClose();
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      fullWidth
      maxWidth="xs"
      aria-labelledby="invite-user-title"
      aria-describedby="invite-user-note"
    >
      <Form
        form={form}
        onSubmit={(values) =>
          inviteMutation.mutate(values, {
            onSuccess: ({ invitation }) => {
              enqueueSnackbar(t('snackbar.invited', { email: invitation.email }), { variant: 'success' });
              close();
            },
          })
        }
      >
        <DialogTitle id="invite-user-title">{t('invite.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText id="invite-user-note" sx={{ mb: 1 }}>
            {t('invite.note')}
          </DialogContentText>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <FormTextField
              control={control}
              name="email"
              type="email"
              label={t('fields.email')}
              autoComplete="off"
              autoFocus
            />
            <Controller
              control={control}
              name="roleLevel"
              render={({ field }) => <RoleSelect value={field.value ?? 2} onChange={field.onChange} />}
            />
            <Controller
              control={control}
              name="groupId"
              render={({ field }) => (
                <GroupSelect
                  groups={groups}
                  value={(field.value as number | null | undefined) ?? null}
                  onChange={field.onChange}
                />
              )}
            />
          </Stack>
          <FormErrorList messages={inviteMutation.isError ? errorMessagesOf(inviteMutation.error) : []} />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('actions.cancel')}</Button>
          <Button type="submit" variant="contained" loading={inviteMutation.isPending}>
            {t('invite.submit')}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
