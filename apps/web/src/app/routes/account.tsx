import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Breadcrumbs } from '../../components/ui/breadcrumbs';
import { PageContainer } from '../../components/ui/page-container';
import { paths } from '../../config/paths';
import { AccountTabs } from '../../features/account/components/account-tabs';
import { AvatarCard } from '../../features/account/components/avatar-card';
import { ProfileForm } from '../../features/account/components/profile-form';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useAuth } from '../../lib/auth';
import { lazySection } from '../../lib/lazy-section';

/**
 * The notifications section (decision 030): a chunk of its own with its texts (features/account/lib/
 * notification-texts.ts), fetched once the page is on screen.
 */
const NotificationsCard = lazySection(['notifications'], () =>
  import('../../features/account/components/notifications-card').then((module) => module.NotificationsCard),
);

/** /account — the profile (picture, first and last name) and the notifications by push. */
export function AccountRoute() {
  const { t } = useTranslation();
  const { user } = useAuth();
  useDocumentTitle(t('account.pageTitle'));
  if (!user) return null; // the login gate guarantees a user; this only narrows the type
  return (
    <PageContainer>
      <Breadcrumbs
        items={[{ label: t('breadcrumbs.home'), href: paths.home.href() }, { label: t('breadcrumbs.account') }]}
      />
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {t('account.title')}
      </Typography>
      <AccountTabs />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 4 }}>
          <AvatarCard user={user} />
        </Grid>
        <Grid size={{ xs: 12, md: 8 }}>
          <Stack spacing={3}>
            {/* keyed by the user so the form shows the new names after an update elsewhere */}
            <ProfileForm key={`${user.id}-${user.firstname}-${user.lastname}`} user={user} />
            <Suspense fallback={null}>
              <NotificationsCard />
            </Suspense>
          </Stack>
        </Grid>
      </Grid>
    </PageContainer>
  );
}
