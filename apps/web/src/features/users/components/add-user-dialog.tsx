import { addMemberSchema, type Group } from '@funkis/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useSnackbar } from 'notistack';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormErrorList } from '../../../components/ui/form-error-list';
import { FormTextField } from '../../../components/ui/form-text-field';
import { errorMessagesOf } from '../../../lib/api-client';
import { useAddUser } from '../api/add-user';
import { GroupSelect, RoleSelect } from './member-fields';

interface AddUserDialogProps {
  eventId: number;
  groups: Group[];
  open: boolean;
  onClose: () => void;
}

type AddUserValues = z.input<typeof addMemberSchema>;

const emptyValues: AddUserValues = { email: '', roleLevel: 2, groupId: null };

/** An admin adds an existing account by e-mail; the server's "unknown" (404) and "already a member" (409) show here. */
export function AddUserDialog({ eventId, groups, open, onClose }: AddUserDialogProps) {
  const { t } = useTranslation('users');
  const { enqueueSnackbar } = useSnackbar();
  const addMutation = useAddUser(eventId);
  const { control, handleSubmit, reset } = useForm<AddUserValues, unknown, z.output<typeof addMemberSchema>>({
    resolver: zodResolver(addMemberSchema),
    mode: 'onTouched',
    defaultValues: emptyValues,
  });

  const close = () => {
    reset(emptyValues);
    addMutation.reset();
    onClose();
  };

  const onSubmit = handleSubmit((values) =>
    addMutation.mutate(values, {
      onSuccess: ({ user }) => {
        enqueueSnackbar(t('snackbar.added', { email: user.email }), { variant: 'success' });
        close();
      },
    }),
  );

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="xs" aria-labelledby="add-user-title">
      <form noValidate onSubmit={onSubmit}>
        <DialogTitle id="add-user-title">{t('add.title')}</DialogTitle>
        <DialogContent>
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
                <GroupSelect groups={groups} value={field.value ?? null} onChange={field.onChange} />
              )}
            />
          </Stack>
          <FormErrorList messages={addMutation.isError ? errorMessagesOf(addMutation.error) : []} />
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('actions.cancel')}</Button>
          <Button type="submit" variant="contained" loading={addMutation.isPending}>
            {t('add.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
