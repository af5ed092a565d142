import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { ServerUnreachableBanner } from '../ui/server-unreachable';

/** Every navigation to another page starts at the top (spec section 2). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on route change on purpose
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

export function RootLayout() {
  return (
    <>
      <ScrollToTop />
      <Outlet />
      <ServerUnreachableBanner />
    </>
  );
}
