import { currentPasswordField, passwordField } from '@funkis/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Form } from '../../../components/forms/form';
import { FormErrorList } from '../../../components/ui/form-error-list';
import { FormTextField } from '../../../components/ui/form-text-field';
import { errorMessagesOf } from '../../../lib/api-client';
import { passwordConfirmationField } from '../../../lib/form-schemas';
import { useSnackbar } from '../../../lib/toast';
import { useChangePassword } from '../api/change-password';

const changePasswordFormSchema = z
  .object({
    currentPassword: currentPasswordField,
    newPassword: passwordField,
    passwordConfirmation: passwordConfirmationField,
  })
  .refine((value) => value.newPassword === value.passwordConfirmation, {
    error: 'error.passwordsDoNotMatch',
    path: ['passwordConfirmation'],
  });

export function ChangePasswordForm() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const changeMutation = useChangePassword();
  const form = useForm({
    resolver: zodResolver(changePasswordFormSchema),
    mode: 'onTouched',
    defaultValues: { currentPassword: '', newPassword: '', passwordConfirmation: '' },
  });
  const { control, reset } = form;

  return (
    <Card>
      <CardHeader
        title={t('security.changePassword.title')}
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
      />
      <CardContent>
        <Form
          form={form}
          onSubmit={({ currentPassword, newPassword }) =>
            changeMutation.mutate(
              { currentPassword, newPassword },
              {
                onSuccess: () => {
                  reset();
                  enqueueSnackbar(t('snackbar.passwordUpdated'), { variant: 'success' });
                },
              },
            )
          }
        >
          <Stack spacing={2}>
            <FormTextField
              control={control}
              name="currentPassword"
              type="password"
              label={t('security.changePassword.currentPassword')}
              autoComplete="current-password"
            />
            <FormTextField
              control={control}
              name="newPassword"
              type="password"
              label={t('security.changePassword.newPassword')}
              autoComplete="new-password"
            />
            <FormTextField
              control={control}
              name="passwordConfirmation"
              type="password"
              label={t('security.changePassword.passwordConfirmation')}
              autoComplete="new-password"
            />
          </Stack>
          <FormErrorList messages={changeMutation.isError ? errorMessagesOf(changeMutation.error) : []} />
          <Box sx={{ mt: 2 }}>
            <Button type="submit" variant="contained" loading={changeMutation.isPending}>
              {t('security.changePassword.submit')}
            </Button>
          </Box>
        </Form>
      </CardContent>
    </Card>
  );
}
