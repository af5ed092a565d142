import { useParams } from 'react-router';
import { AuthLayout } from '../../components/layouts/auth-layout';
import { MainLayout } from '../../components/layouts/main-layout';
import { paths } from '../../config/paths';
import { ApplyPage } from '../../features/apply/components/apply-page';
import { ApplyPreview } from '../../features/apply/components/apply-preview';
import { LoginPage } from '../../features/auth/components/login-page';
import { useAuth } from '../../lib/auth';

/**
 * /event/:eventId/apply — the login page for an anonymous visitor (logging in keeps them here), under the
 * event's name and picture while it takes applications; the apply page once authenticated.
 */
export function ApplyRoute() {
  const { eventId = '' } = useParams();
  const { isAuthenticated } = useAuth();
  if (!isAuthenticated) {
    return (
      <AuthLayout>
        <ApplyPreview eventId={Number(eventId)} />
        <LoginPage registerHref={paths.event.applyRegister.href(eventId)} />
      </AuthLayout>
    );
  }
  return (
    <MainLayout>
      <ApplyPage eventId={Number(eventId)} />
    </MainLayout>
  );
}
