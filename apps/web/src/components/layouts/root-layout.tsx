import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { FullPageSpinner } from '../ui/full-page-spinner';
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

// Only shown while a loader waits, so not part of the first page's load.
const LinearProgress = lazy(() => import('@mui/material/LinearProgress'));

/** A thin bar at the top while a route's loader waits for its data (e.g. the event before the event layout). */
function NavigationProgress() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  if (navigation.state !== 'loading') return null;
  return (
    <Suspense fallback={null}>
      <LinearProgress
        aria-label={t('app.loading')}
        sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: (theme) => theme.zIndex.appBar + 1 }}
      />
    </Suspense>
  );
}

export function RootLayout() {
  return (
    <>
      <ScrollToTop />
      <NavigationProgress />
      {/* A screen's texts come with its route (app/router.tsx); should one still be missing, a spinner shows while
          it loads instead of a blank page. */}
      <Suspense fallback={<FullPageSpinner />}>
        <Outlet />
      </Suspense>
      <ServerUnreachableBanner />
    </>
  );
}
