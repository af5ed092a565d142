import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../lib/auth';
import { PageContainer } from './page-container';
import { ResendConfirmationButton } from './resend-confirmation-button';

/** The notice itself (see confirm-email-notice.tsx): what to do, what waits for it, and the link again. */
export function ConfirmEmailAlert() {
  const { t } = useTranslation();
  const { user } = useAuth();
  if (!user || user.emailConfirmed) return null;
  return (
    <PageContainer>
      <Alert severity="warning" data-testid="confirm-email-notice" sx={{ mb: 3, overflowWrap: 'anywhere' }}>
        <AlertTitle>{t('confirmEmail.noticeTitle')}</AlertTitle>
        <Box sx={{ mb: 1 }}>{t('confirmEmail.noticeText', { email: user.email })}</Box>
        <ResendConfirmationButton address={user.pendingEmail ?? user.email} />
      </Alert>
    </PageContainer>
  );
}
