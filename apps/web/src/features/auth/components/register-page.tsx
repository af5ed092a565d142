import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { AuthPageHeader } from './auth-page-header';
import { RegisterForm } from './register-form';

interface RegisterPageProps {
  /** Where "Back to login" leads: the plain login page, or the event's apply page. */
  loginHref: string;
}

export function RegisterPage({ loginHref }: RegisterPageProps) {
  const { t } = useTranslation();
  useDocumentTitle(t('register.pageTitle'));
  return (
    <>
      <AuthPageHeader title={t('register.title')} instruction={t('register.instruction')} />
      <RegisterForm />
      <Typography variant="body2" sx={{ mt: 3 }}>
        {t('register.haveAccount')}{' '}
        <Link component={RouterLink} to={loginHref}>
          {t('register.backToLogin')}
        </Link>
      </Typography>
    </>
  );
}
