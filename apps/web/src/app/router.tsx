import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { createBrowserRouter, Navigate, type RouteObject, RouterProvider } from 'react-router';
import { AuthLayout } from '../components/layouts/auth-layout';
import { GuestOnly, RequireAuth } from '../components/layouts/guards';
import { MainLayout } from '../components/layouts/main-layout';
import { RootLayout } from '../components/layouts/root-layout';
import { FullPageSpinner } from '../components/ui/full-page-spinner';
import { ServerUnreachableBanner } from '../components/ui/server-unreachable';
import { paths } from '../config/paths';
import { useAuth } from '../lib/auth';
import type { EventRouteHandle } from './event-route-handle';
import { applicationsLoader, eventLayoutLoader, mailLoader, statisticsLoader, usersLoader } from './loaders';
import { ServerErrorRoute } from './routes/server-error';

/**
 * Every screen is its own chunk: a route's module is loaded the first time it is visited.
 * Paths come from config/paths; children use the part below their parent.
 */

/** Pages of the authenticated area (top bar + page, behind the login gate). Event routes join here. */
export const authenticatedRoutes: RouteObject[] = [
  {
    index: true,
    lazy: async () => ({ Component: (await import('./routes/home')).HomeRoute }),
  },
  {
    path: paths.account.root.path,
    lazy: async () => ({ Component: (await import('./routes/account')).AccountRoute }),
  },
  {
    path: paths.account.security.path,
    lazy: async () => ({ Component: (await import('./routes/account-security')).AccountSecurityRoute }),
  },
];

/**
 * The event area: the event layout (sidebar, event state, role guard) around its screens. `handle.roles` lists
 * the role levels allowed on a screen (spec section 6); the layout shows the access-denied page to others.
 */

const eventScreen = (
  path: string | undefined,
  roles: readonly number[] | undefined,
  load: () => Promise<{ Component: React.ComponentType }>,
  loader?: RouteObject['loader'],
): RouteObject => {
  const route = { handle: { roles } satisfies EventRouteHandle, lazy: load, loader };
  return path === undefined ? { index: true, ...route } : { path, ...route };
};

const ADMINS_AND_LEADERS = [0, 1] as const;
const ADMINS = [0] as const;

/**
 * The loaders are static (not inside `lazy`), so React Router runs them while the screen's chunk loads; they
 * fill the cache the screens read (app/loaders.ts).
 */
export const createEventRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    loader: eventLayoutLoader(queryClient),
    lazy: async () => ({ Component: (await import('./routes/event/layout')).EventLayoutRoute }),
    children: [
      eventScreen(undefined, undefined, async () => ({
        Component: (await import('./routes/event/home')).EventHomeRoute,
      })),
      eventScreen(
        'users',
        ADMINS_AND_LEADERS,
        async () => ({ Component: (await import('./routes/event/users')).EventUsersRoute }),
        usersLoader(queryClient, ADMINS_AND_LEADERS),
      ),
      eventScreen(
        'applications',
        ADMINS_AND_LEADERS,
        async () => ({ Component: (await import('./routes/event/applications')).EventApplicationsRoute }),
        applicationsLoader(queryClient, ADMINS_AND_LEADERS),
      ),
      eventScreen(
        'statistics',
        ADMINS,
        async () => ({ Component: (await import('./routes/event/statistics')).EventStatisticsRoute }),
        statisticsLoader(queryClient, ADMINS),
      ),
      eventScreen(
        'email/*',
        ADMINS_AND_LEADERS,
        async () => ({ Component: (await import('./routes/event/email')).EventEmailRoute }),
        mailLoader(queryClient, ADMINS_AND_LEADERS),
      ),
      eventScreen('form', [0], async () => ({ Component: (await import('./routes/event/form')).EventFormRoute })),
      eventScreen('control-panel', [0], async () => ({
        Component: (await import('./routes/event/control-panel')).EventControlPanelRoute,
      })),
      { path: '*', lazy: async () => ({ Component: (await import('./routes/not-found')).NotFoundRoute }) },
    ],
  },
];

/** The route table; loaders read and fill `queryClient` (the one the app's provider holds). */
export const createRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    id: 'root',
    element: <RootLayout />,
    errorElement: <ServerErrorRoute />,
    hydrateFallbackElement: <FullPageSpinner />,
    children: [
      {
        path: paths.auth.root.path,
        element: (
          <GuestOnly>
            <AuthLayout />
          </GuestOnly>
        ),
        children: [
          { index: true, element: <Navigate to={paths.auth.login.href()} replace /> },
          {
            path: paths.auth.login.path,
            lazy: async () => ({ Component: (await import('./routes/login')).LoginRoute }),
          },
          {
            path: paths.auth.register.path,
            lazy: async () => ({ Component: (await import('./routes/register')).RegisterRoute }),
          },
          {
            path: paths.auth.passwordRecovery.path,
            lazy: async () => ({ Component: (await import('./routes/password-recovery')).PasswordRecoveryRoute }),
          },
          {
            path: paths.auth.passwordReset.path,
            lazy: async () => ({ Component: (await import('./routes/password-reset')).PasswordResetRoute }),
          },
        ],
      },
      {
        path: paths.terms.path,
        lazy: async () => ({ Component: (await import('./routes/terms')).TermsRoute }),
      },
      {
        path: paths.event.apply.path,
        lazy: async () => ({ Component: (await import('./routes/apply')).ApplyRoute }),
      },
      {
        path: paths.event.applyRegister.path,
        lazy: async () => ({ Component: (await import('./routes/apply-register')).ApplyRegisterRoute }),
      },
      {
        element: (
          <RequireAuth>
            <MainLayout />
          </RequireAuth>
        ),
        children: authenticatedRoutes,
      },
      {
        path: paths.event.root.path,
        element: <RequireAuth />,
        children: createEventRoutes(queryClient),
      },
      {
        path: '*',
        lazy: async () => ({ Component: (await import('./routes/not-found')).NotFoundRoute }),
      },
    ],
  },
];

/** Renders the router once the start-up session check is done (a full-page spinner until then). */
export function AppRouter() {
  const { isInitialised } = useAuth();
  const queryClient = useQueryClient();
  const router = useMemo(() => createBrowserRouter(createRoutes(queryClient)), [queryClient]);
  if (!isInitialised) {
    // The start-up session check retries while the server is away: say so over the spinner.
    return (
      <>
        <FullPageSpinner />
        <ServerUnreachableBanner />
      </>
    );
  }
  return <RouterProvider router={router} />;
}
