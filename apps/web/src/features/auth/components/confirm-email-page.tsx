import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { invalidateAccountChange } from '../../../api/invalidate';
import { FormErrorList } from '../../../components/ui/form-error-list';
import { paths } from '../../../config/paths';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { errorMessagesOf } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useSnackbar } from '../../../lib/toast';
import { useConfirmEmail } from '../api/confirm-email';
import { AuthPageHeader } from './auth-page-header';

/**
 * The page of the mailed confirmation link (`?token=`), logged in or not, as anyone (decision 020): it confirms at
 * once and says so. In the browser of the account itself the session's user follows (new address, confirmed).
 */
export function ConfirmEmailPage({ token }: { token: string | null }) {
  const { t } = useTranslation('confirm');
  const { t: tCommon } = useTranslation();
  useDocumentTitle(t('page.pageTitle'));
  const { isAuthenticated, user, updateUser } = useAuth();
  const queryClient = useQueryClient();
  const { enqueueSnackbar } = useSnackbar();
  const confirmMutation = useConfirmEmail();
  // A link works once: one request however often the effect runs (React's development double run included).
  const sentFor = useRef<string | null>(null);

  useEffect(() => {
    if (!token || sentFor.current === token) return;
    sentFor.current = token;
    confirmMutation.mutate(token);
  }, [token, confirmMutation]);

  const confirmed = confirmMutation.data?.user;
  const isOwnSession = confirmed !== undefined && user?.id === confirmed.id;
  const changedAddress = isOwnSession && user !== null && user.email !== confirmed.email;
  useEffect(() => {
    if (!confirmed || !isOwnSession) return;
    if (changedAddress) enqueueSnackbar(tCommon('snackbar.emailUpdated'), { variant: 'success' });
    updateUser(confirmed);
    void invalidateAccountChange(queryClient);
  }, [confirmed, isOwnSession, changedAddress, enqueueSnackbar, tCommon, updateUser, queryClient]);

  const next = isAuthenticated ? (
    <Button component={RouterLink} to={paths.home.href()} variant="contained" sx={{ mt: 3 }}>
      {t('page.goHome')}
    </Button>
  ) : (
    <Button component={RouterLink} to={paths.auth.login.href()} variant="contained" sx={{ mt: 3 }}>
      {t('page.goToLogin')}
    </Button>
  );

  if (!token) {
    return (
      <>
        <AuthPageHeader title={t('page.title')} />
        <Alert severity="error">{t('page.missingToken')}</Alert>
        <Typography variant="body2" sx={{ mt: 2 }}>
          {t('page.newLinkHint')}
        </Typography>
        {next}
      </>
    );
  }

  if (confirmed) {
    return (
      <>
        <AuthPageHeader title={t('page.title')} />
        <Alert severity="success" role="status">
          {t('page.success', { email: confirmed.email })}
        </Alert>
        {next}
      </>
    );
  }

  if (confirmMutation.isError) {
    return (
      <>
        <AuthPageHeader title={t('page.title')} />
        <div role="alert">
          <FormErrorList messages={errorMessagesOf(confirmMutation.error)} />
        </div>
        <Typography variant="body2" sx={{ mt: 2 }}>
          {t('page.newLinkHint')}
        </Typography>
        {next}
      </>
    );
  }

  return (
    <>
      <AuthPageHeader title={t('page.title')} />
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
        <CircularProgress size={24} aria-hidden />
        <Typography>{t('page.confirming')}</Typography>
      </Stack>
    </>
  );
}
