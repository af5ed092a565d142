import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../lib/auth';
import { PageContainer } from './page-container';

// Only the button's code comes on its own (its request and the server's answers); the notice itself is drawn with the
// layout, so the page never moves down under the user's finger when the button arrives.
const ResendConfirmationButton = lazy(async () => ({
  default: (await import('./resend-confirmation-button')).ResendConfirmationButton,
}));

/**
 * Over every page of the authenticated area while the user's address is unconfirmed (decision 020): what to do,
 * what waits for it (invitations), and the link again. Nothing once it is confirmed.
 */
export function ConfirmEmailNotice() {
  const { t } = useTranslation();
  const { user } = useAuth();
  if (!user || user.emailConfirmed) return null;
  return (
    <PageContainer>
      <Alert severity="warning" data-testid="confirm-email-notice" sx={{ mb: 3, overflowWrap: 'anywhere' }}>
        <AlertTitle>{t('confirmEmail.noticeTitle')}</AlertTitle>
        <Box sx={{ mb: 1 }}>{t('confirmEmail.noticeText', { email: user.email })}</Box>
        <Suspense fallback={<ResendPlaceholder />}>
          <ResendConfirmationButton address={user.pendingEmail ?? user.email} />
        </Suspense>
      </Alert>
    </PageContainer>
  );
}

/** The button as it will be, disabled until its code is there: the same size, so nothing moves when it comes. */
function ResendPlaceholder() {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex' }}>
      <Button size="small" variant="outlined" color="inherit" disabled data-testid="resend-confirmation-placeholder">
        {t('confirmEmail.resend')}
      </Button>
    </Box>
  );
}
