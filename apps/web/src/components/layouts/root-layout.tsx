import { lazy, Suspense, useEffect, useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { takeOverPrerenderedPage } from '../../lib/prerendered';
import { FullPageSpinner } from '../ui/full-page-spinner';
import { ServerUnreachableBanner } from '../ui/server-unreachable';
import { MAIN_CONTENT_ID } from './skip-link';

/** Every navigation to another page starts at the top (spec section 2). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on route change on purpose
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** How long after a route change the new page's heading is waited for (its screen and data may still load). */
const HEADING_WAIT_MS = 10_000;

/**
 * After each route change (not the first page) the focus moves to the new page's `h1`, so a keyboard or screen
 * reader user continues at the top of what changed instead of on the link that is gone or on the page itself.
 * The heading may come later than the route (lazy screen, data): it is waited for. A focus the user has since
 * put somewhere (a field, an open dialog) is left alone.
 */
export function FocusHeadingOnRouteChange() {
  const { pathname } = useLocation();
  const isFirst = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on route change on purpose
  useEffect(() => {
    if (isFirst.current) {
      isFirst.current = false;
      return;
    }
    const before = document.activeElement;
    const focusHeading = (): boolean => {
      const main = document.getElementById(MAIN_CONTENT_ID);
      const heading = main?.querySelector<HTMLElement>('h1');
      if (!heading) return false;
      const active = document.activeElement;
      const focusMoved = active !== before && active !== document.body && active?.isConnected === true;
      if (focusMoved || document.querySelector('[role="dialog"]')) return true;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.style.outline = 'none';
      heading.focus({ preventScroll: true });
      return true;
    };
    if (focusHeading()) return;
    const observer = new MutationObserver(() => {
      if (focusHeading()) stop();
    });
    const timer = window.setTimeout(() => stop(), HEADING_WAIT_MS);
    const stop = () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
    observer.observe(document.body, { childList: true, subtree: true });
    return stop;
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
  // The first page is rendered (its lazy screen and texts came before the router rendered): a painted page the
  // server sent steps aside for it before the browser paints again (lib/prerendered.ts).
  useLayoutEffect(() => takeOverPrerenderedPage(), []);
  return (
    <>
      <ScrollToTop />
      <FocusHeadingOnRouteChange />
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
