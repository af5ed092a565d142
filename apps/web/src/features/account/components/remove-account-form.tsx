import { removeUserFormSchema } from '@funkis/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Form } from '../../../components/forms/form';
import { FormErrorList } from '../../../components/ui/form-error-list';
import { FormTextField } from '../../../components/ui/form-text-field';
import { errorMessagesOf } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useSnackbar } from '../../../lib/toast';
import { useRemoveUser } from '../api/remove-user';

/** The password and the typed word REMOVE; on success the session ends and the login page shows. */
export function RemoveAccountForm() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const { signOut } = useAuth();
  const removeMutation = useRemoveUser();
  const form = useForm({
    resolver: zodResolver(removeUserFormSchema),
    mode: 'onTouched',
    defaultValues: { password: '', confirm: '' },
  });
  const { control } = form;

  return (
    <Card sx={{ borderColor: 'error.main' }}>
      <CardHeader title={t('security.removeAccount.title')} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent>
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('security.removeAccount.warning')}
        </Alert>
        <Form
          form={form}
          onSubmit={({ password }) =>
            removeMutation.mutate(
              { password },
              {
                onSuccess: () => {
                  enqueueSnackbar(t('snackbar.accountRemoved'), { variant: 'success' });
                  signOut();
                },
              },
            )
          }
        >
          <Stack spacing={2}>
            <FormTextField
              control={control}
              name="password"
              type="password"
              label={t('security.removeAccount.password')}
              autoComplete="current-password"
            />
            <FormTextField
              control={control}
              name="confirm"
              label={t('security.removeAccount.confirm')}
              autoComplete="off"
              slotProps={{ htmlInput: { autoCapitalize: 'characters', spellCheck: false } }}
            />
          </Stack>
          <FormErrorList messages={removeMutation.isError ? errorMessagesOf(removeMutation.error) : []} />
          <Box sx={{ mt: 2 }}>
            <Button type="submit" variant="contained" color="error" loading={removeMutation.isPending}>
              {t('security.removeAccount.submit')}
            </Button>
          </Box>
        </Form>
      </CardContent>
    </Card>
  );
}
