import { useSearchParams } from 'react-router';
import { paths, RETURN_TO_PARAM, safeReturnTo } from '../../config/paths';
import { LoginPage } from '../../features/auth/components/login-page';

/** /authentication/login — the guest guard sends the user on (to ?returnTo= or the root) once logged in. */
export function LoginRoute() {
  const [searchParams] = useSearchParams();
  const returnTo = safeReturnTo(searchParams.get(RETURN_TO_PARAM)) ?? undefined;
  return <LoginPage registerHref={paths.auth.register.href(returnTo)} />;
}
