import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { paths, RETURN_TO_PARAM, safeReturnTo } from '../../config/paths';
import { useAuth } from '../../lib/auth';

/**
 * The login gate of the authenticated area: an anonymous visitor goes to the login page, which brings them
 * back to the page they wanted (`?returnTo=`). After an explicit logout there is nothing to return to.
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { isAuthenticated, hasSignedOut } = useAuth();
  const location = useLocation();
  if (!isAuthenticated) {
    const wanted = hasSignedOut ? undefined : `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={paths.auth.login.href(safeReturnTo(wanted) ?? undefined)} replace />;
  }
  return children ?? <Outlet />;
}

/** The public authentication pages: a logged-in user goes to the page they came for, or to the root. */
export function GuestOnly({ children }: { children?: ReactNode }) {
  const { isAuthenticated } = useAuth();
  const [searchParams] = useSearchParams();
  if (isAuthenticated) {
    return <Navigate to={safeReturnTo(searchParams.get(RETURN_TO_PARAM)) ?? paths.home.href()} replace />;
  }
  return children ?? <Outlet />;
}
