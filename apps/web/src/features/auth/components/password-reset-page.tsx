import { passwordField } from '@funkis/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { Form } from '../../../components/forms/form';
import { FormErrorList } from '../../../components/ui/form-error-list';
import { FormTextField } from '../../../components/ui/form-text-field';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { errorMessagesOf } from '../../../lib/api-client';
import { passwordConfirmationField } from '../../../lib/form-schemas';
import { useResetPassword } from '../api/reset-password';
import { AuthPageHeader } from './auth-page-header';

const passwordResetFormSchema = z
  .object({ newPassword: passwordField, passwordConfirmation: passwordConfirmationField })
  .refine((value) => value.newPassword === value.passwordConfirmation, {
    error: 'error.passwordsDoNotMatch',
    path: ['passwordConfirmation'],
  });

/** The page of the e-mailed link (`?token=`): a new password, typed twice. */
export function PasswordResetPage({ token }: { token: string | null }) {
  const { t } = useTranslation();
  useDocumentTitle(t('passwordReset.pageTitle'));
  const resetMutation = useResetPassword();
  const form = useForm({
    resolver: zodResolver(passwordResetFormSchema),
    mode: 'onTouched',
    defaultValues: { newPassword: '', passwordConfirmation: '' },
  });
  const { control } = form;
  const requestNewLink = (
    <Link
      component={RouterLink}
      to={paths.auth.passwordRecovery.href()}
      variant="body2"
      sx={{ display: 'inline-block', mt: 3 }}
    >
      {t('passwordReset.requestNewLink')}
    </Link>
  );

  if (!token) {
    return (
      <>
        <AuthPageHeader title={t('passwordReset.title')} />
        <Alert severity="error">{t('passwordReset.missingToken')}</Alert>
        {requestNewLink}
      </>
    );
  }

  if (resetMutation.isSuccess) {
    return (
      <>
        <AuthPageHeader title={t('passwordReset.title')} />
        <Alert severity="success" role="status">
          {t('passwordReset.success')}
        </Alert>
        <Button component={RouterLink} to={paths.auth.login.href()} variant="contained" sx={{ mt: 3 }}>
          {t('passwordReset.goToLogin')}
        </Button>
      </>
    );
  }

  return (
    <>
      <AuthPageHeader title={t('passwordReset.title')} instruction={t('passwordReset.instruction')} />
      <Form form={form} onSubmit={({ newPassword }) => resetMutation.mutate({ token, newPassword })}>
        <Stack spacing={2}>
          <FormTextField
            control={control}
            name="newPassword"
            type="password"
            label={t('passwordReset.newPassword')}
            autoComplete="new-password"
          />
          <FormTextField
            control={control}
            name="passwordConfirmation"
            type="password"
            label={t('passwordReset.passwordConfirmation')}
            autoComplete="new-password"
          />
          <Button type="submit" variant="contained" size="large" loading={resetMutation.isPending} fullWidth>
            {t('passwordReset.submit')}
          </Button>
        </Stack>
        <FormErrorList messages={resetMutation.isError ? errorMessagesOf(resetMutation.error) : []} />
      </Form>
      {requestNewLink}
    </>
  );
}
