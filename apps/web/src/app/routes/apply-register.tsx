import { Navigate, useParams } from 'react-router';
import { AuthLayout } from '../../components/layouts/auth-layout';
import { paths } from '../../config/paths';
import { ApplyPreview } from '../../features/apply/components/apply-preview';
import { RegisterPage } from '../../features/auth/components/register-page';
import { useAuth } from '../../lib/auth';

/**
 * /event/:eventId/apply/register — registering logs the visitor in, and an authenticated visitor is sent to
 * the event's apply page.
 */
export function ApplyRegisterRoute() {
  const { eventId = '' } = useParams();
  const { isAuthenticated } = useAuth();
  if (isAuthenticated) return <Navigate to={paths.event.apply.href(eventId)} replace />;
  return (
    <AuthLayout>
      <ApplyPreview eventId={Number(eventId)} />
      <RegisterPage loginHref={paths.event.apply.href(eventId)} />
    </AuthLayout>
  );
}
