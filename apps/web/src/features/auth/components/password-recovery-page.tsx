import { recoverPasswordSchema } from '@funkis/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Form } from '../../../components/forms/form';
import { FormErrorList } from '../../../components/ui/form-error-list';
import { FormTextField } from '../../../components/ui/form-text-field';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { errorMessagesOf } from '../../../lib/api-client';
import { useRecoverPassword } from '../api/recover-password';
import { AuthPageHeader } from './auth-page-header';

/** Asks for a reset link. The answer never tells whether the address has an account. */
export function PasswordRecoveryPage() {
  const { t } = useTranslation();
  useDocumentTitle(t('passwordRecovery.pageTitle'));
  const recoverMutation = useRecoverPassword();
  const form = useForm({
    resolver: zodResolver(recoverPasswordSchema),
    mode: 'onTouched',
    defaultValues: { email: '' },
  });
  const { control } = form;

  return (
    <>
      <AuthPageHeader title={t('passwordRecovery.title')} instruction={t('passwordRecovery.instruction')} />
      {recoverMutation.isSuccess ? (
        <Alert severity="success" role="status">
          {t('passwordRecovery.sent')}
        </Alert>
      ) : (
        <Form form={form} onSubmit={(values) => recoverMutation.mutate(values)}>
          <Stack spacing={2}>
            <FormTextField
              control={control}
              name="email"
              type="email"
              label={t('passwordRecovery.email')}
              autoComplete="email"
            />
            <Button type="submit" variant="contained" size="large" loading={recoverMutation.isPending} fullWidth>
              {t('passwordRecovery.submit')}
            </Button>
          </Stack>
          <FormErrorList messages={recoverMutation.isError ? errorMessagesOf(recoverMutation.error) : []} />
        </Form>
      )}
      <Link component={RouterLink} to={paths.auth.login.href()} variant="body2" sx={{ display: 'inline-block', mt: 3 }}>
        {t('passwordRecovery.backToLogin')}
      </Link>
    </>
  );
}
