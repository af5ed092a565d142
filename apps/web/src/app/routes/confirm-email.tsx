import { useSearchParams } from 'react-router';
import { ConfirmEmailPage } from '../../features/auth/components/confirm-email-page';

/** /authentication/confirm-email?token=… (the link of the confirmation e-mail), for guests and users alike. */
export function ConfirmEmailRoute() {
  const [searchParams] = useSearchParams();
  return <ConfirmEmailPage token={searchParams.get('token')} />;
}
