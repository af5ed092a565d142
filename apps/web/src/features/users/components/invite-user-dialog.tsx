import { type Group, inviteMemberSchema } from '@funkis/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormDialog } from '../../../components/forms/form-dialog';
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
    <FormDialog
      open={open}
      onClose={close}
      maxWidth="xs"
      title={t('invite.title')}
      description={t('invite.note')}
      submitLabel={t('invite.submit')}
      pending={inviteMutation.isPending}
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
      <FormErrorList messages={inviteMutation.isError ? errorMessagesOf(inviteMutation.error) : []} />
    </FormDialog>
  );
}
