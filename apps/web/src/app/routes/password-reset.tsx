import { useSearchParams } from 'react-router';
import { PasswordResetPage } from '../../features/auth/components/password-reset-page';

/** /authentication/password-reset?token=… (the link of the recovery e-mail). */
export function PasswordResetRoute() {
  const [searchParams] = useSearchParams();
  return <PasswordResetPage token={searchParams.get('token')} />;
}
