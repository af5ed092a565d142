import { PasswordRecoveryPage } from '../../features/auth/components/password-recovery-page';

/** /authentication/password-recovery */
export function PasswordRecoveryRoute() {
  return <PasswordRecoveryPage />;
}
