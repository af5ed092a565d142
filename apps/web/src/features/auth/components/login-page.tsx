import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { trackPageView } from '../../../lib/analytics';
import { AuthPageHeader } from './auth-page-header';
import { LoginForm } from './login-form';

interface LoginPageProps {
  /** Where "Create new account" leads: the plain register page, or the event's apply/register page. */
  registerHref: string;
}

export function LoginPage({ registerHref }: LoginPageProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  useDocumentTitle(t('login.pageTitle'));

  // Spec section 1: a page_view for the login page (once per path, also under StrictMode's double effects).
  const trackedPath = useRef<string | null>(null);
  useEffect(() => {
    if (trackedPath.current === pathname) return;
    trackedPath.current = pathname;
    trackPageView(pathname, document.title);
  }, [pathname]);

  return (
    <>
      <Typography variant="overline" color="primary" component="p">
        {t('login.greeting')}
      </Typography>
      <AuthPageHeader title={t('login.title')} instruction={t('login.instruction')} />
      <Alert severity="info" sx={{ mb: 3 }}>
        {t('login.loginRequired')}
      </Alert>
      <LoginForm />
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ mt: 3, justifyContent: 'space-between', alignItems: { xs: 'flex-start', sm: 'center' } }}
      >
        <Link component={RouterLink} to={registerHref} variant="body2">
          {t('login.createAccount')}
        </Link>
        <Link component={RouterLink} to={paths.auth.passwordRecovery.href()} variant="body2">
          {t('login.forgotPassword')}
        </Link>
      </Stack>
    </>
  );
}
