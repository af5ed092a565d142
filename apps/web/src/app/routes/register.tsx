import { useSearchParams } from 'react-router';
import { paths, RETURN_TO_PARAM, safeReturnTo } from '../../config/paths';
import { RegisterPage } from '../../features/auth/components/register-page';

/** /authentication/register — registering logs in, and the guest guard then sends the user on. */
export function RegisterRoute() {
  const [searchParams] = useSearchParams();
  const returnTo = safeReturnTo(searchParams.get(RETURN_TO_PARAM)) ?? undefined;
  return <RegisterPage loginHref={paths.auth.login.href(returnTo)} />;
}
