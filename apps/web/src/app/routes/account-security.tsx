import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Breadcrumbs } from '../../components/ui/breadcrumbs';
import { PageContainer } from '../../components/ui/page-container';
import { paths } from '../../config/paths';
import { AccountTabs } from '../../features/account/components/account-tabs';
import { CalendarFeedCard } from '../../features/account/components/calendar-feed-card';
import { ChangeEmailForm } from '../../features/account/components/change-email-form';
import { ChangePasswordForm } from '../../features/account/components/change-password-form';
import { RemoveAccountForm } from '../../features/account/components/remove-account-form';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useAuth } from '../../lib/auth';

/** /account/security — e-mail, password, the secret calendar URL, account removal. */
export function AccountSecurityRoute() {
  const { t } = useTranslation();
  const { user } = useAuth();
  useDocumentTitle(t('security.pageTitle'));
  if (!user) return null;
  return (
    <PageContainer>
      <Breadcrumbs
        items={[
          { label: t('breadcrumbs.home'), href: paths.home.href() },
          { label: t('breadcrumbs.account'), href: paths.account.root.href() },
          { label: t('breadcrumbs.security') },
        ]}
      />
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {t('account.title')}
      </Typography>
      <AccountTabs />
      <Stack spacing={3}>
        <ChangeEmailForm user={user} />
        <ChangePasswordForm />
        <CalendarFeedCard />
        <RemoveAccountForm />
      </Stack>
    </PageContainer>
  );
}
