import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { type ComponentType, useMemo } from 'react';
import {
  UNSAFE_createBrowserHistory as createBrowserHistory,
  UNSAFE_createRouter as createRouter,
  UNSAFE_hydrationRouteProperties as hydrationRouteProperties,
  type LoaderFunctionArgs,
  UNSAFE_mapRouteProperties as mapRouteProperties,
  Navigate,
  type RouteObject,
  RouterProvider,
} from 'react-router';
import { AuthLayout } from '../components/layouts/auth-layout';
import { GuestOnly, RequireAuth } from '../components/layouts/guards';
import { RootLayout } from '../components/layouts/root-layout';
import { FullPageSpinner } from '../components/ui/full-page-spinner';
import { ServerUnreachableBanner } from '../components/ui/server-unreachable';
import { paths } from '../config/paths';
import { useAuth } from '../lib/auth';
import { loadNamespaces } from '../lib/i18n';
import type { EventRouteHandle } from './event-route-handle';
import { ServerErrorRoute } from './routes/server-error';

/**
 * Every screen is its own chunk: a route's module is loaded the first time it is visited.
 * Paths come from config/paths; children use the part below their parent.
 */

/**
 * A screen's lazy route: its chunk and its text namespaces (src/locales/<language>/<namespace>.json) fetched in
 * parallel, so it renders with its texts and the first page loads only the shell's (`translation`, decision 017).
 * `test/route-texts.test.ts` reads these calls and fails when a screen uses a namespace its route does not name.
 */
function screen<TModule>(
  namespaces: readonly string[],
  load: () => Promise<TModule>,
  pick: (module: TModule) => ComponentType,
): () => Promise<{ Component: ComponentType }> {
  return async () => {
    const [module] = await Promise.all([load(), loadNamespaces(namespaces)]);
    return { Component: pick(module) };
  };
}

/** Pages of the authenticated area (top bar + page, behind the login gate). Event routes join here. */
export const authenticatedRoutes: RouteObject[] = [
  {
    index: true,
    lazy: screen(
      ['events'],
      () => import('./routes/home'),
      (module) => module.HomeRoute,
    ),
  },
  {
    path: paths.account.root.path,
    lazy: screen(
      [],
      () => import('./routes/account'),
      (module) => module.AccountRoute,
    ),
  },
  {
    path: paths.account.security.path,
    lazy: screen(
      ['scheduling', 'confirm'],
      () => import('./routes/account-security'),
      (module) => module.AccountSecurityRoute,
    ),
  },
  {
    // With an id: the link of a cover request's notice, that request first.
    path: paths.coverRequests.root.path,
    lazy: screen(
      ['cover'],
      () => import('./routes/cover-requests'),
      (module) => module.CoverRequestsRoute,
    ),
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
 * fill the cache the screens read (app/loaders/). Each screen's loader is a module of its own (with the list
 * parsing and API code it imports), fetched with the screen's chunk, so a screen loads only its own loader and
 * pages outside the event area load none (decisions 011, 017).
 */
function lazyLoader<TModule>(
  load: () => Promise<TModule>,
  make: (module: TModule) => (args: LoaderFunctionArgs) => Promise<unknown>,
) {
  return async (args: LoaderFunctionArgs) => make(await load())(args);
}

export const createEventRoutes = (queryClient: QueryClient): RouteObject[] => [
  {
    loader: lazyLoader(
      () => import('./loaders/event'),
      (loaders) => loaders.eventLayoutLoader(queryClient),
    ),
    lazy: screen(
      ['events'],
      () => import('./routes/event/layout'),
      (module) => module.EventLayoutRoute,
    ),
    children: [
      eventScreen(
        undefined,
        undefined,
        screen(
          ['feed'],
          () => import('./routes/event/home'),
          (module) => module.EventHomeRoute,
        ),
        lazyLoader(
          () => import('./loaders/feed'),
          (loaders) => loaders.feedLoader(queryClient, [0, 1, 2]),
        ),
      ),
      eventScreen(
        'files',
        [0, 1, 2],
        screen(
          ['files'],
          () => import('./routes/event/files'),
          (module) => module.EventFilesRoute,
        ),
        lazyLoader(
          () => import('./loaders/files'),
          (loaders) => loaders.filesLoader(queryClient, [0, 1, 2]),
        ),
      ),
      eventScreen(
        'users',
        ADMINS_AND_LEADERS,
        screen(
          ['users'],
          () => import('./routes/event/users'),
          (module) => module.EventUsersRoute,
        ),
        lazyLoader(
          () => import('./loaders/users'),
          (loaders) => loaders.usersLoader(queryClient, ADMINS_AND_LEADERS),
        ),
      ),
      eventScreen(
        'applications',
        ADMINS_AND_LEADERS,
        screen(
          ['applications'],
          () => import('./routes/event/applications'),
          (module) => module.EventApplicationsRoute,
        ),
        lazyLoader(
          () => import('./loaders/applications'),
          (loaders) => loaders.applicationsLoader(queryClient, ADMINS_AND_LEADERS),
        ),
      ),
      eventScreen(
        'scheduling',
        [0, 1, 2],
        screen(
          ['scheduling', 'planning'],
          () => import('./routes/event/scheduling'),
          (module) => module.EventSchedulingRoute,
        ),
        lazyLoader(
          () => import('./loaders/scheduling'),
          (loaders) => loaders.schedulingLoader(queryClient, [0, 1, 2]),
        ),
      ),
      eventScreen(
        'my-code',
        [0, 1, 2],
        screen(
          ['event-day'],
          () => import('./routes/event/my-code'),
          (module) => module.EventMyCodeRoute,
        ),
        lazyLoader(
          () => import('./loaders/event-day'),
          (loaders) => loaders.myCodeLoader(queryClient, [0, 1, 2]),
        ),
      ),
      eventScreen(
        'check-in',
        ADMINS_AND_LEADERS,
        screen(
          ['event-day'],
          () => import('./routes/event/check-in'),
          (module) => module.EventCheckInRoute,
        ),
        lazyLoader(
          () => import('./loaders/event-day'),
          (loaders) => loaders.checkInLoader(queryClient, ADMINS_AND_LEADERS),
        ),
      ),
      eventScreen(
        'board',
        ADMINS_AND_LEADERS,
        screen(
          ['event-day', 'cover'],
          () => import('./routes/event/board'),
          (module) => module.EventBoardRoute,
        ),
        lazyLoader(
          () => import('./loaders/event-day'),
          (loaders) => loaders.boardLoader(queryClient, ADMINS_AND_LEADERS),
        ),
      ),
      eventScreen(
        'wish-rounds',
        [0, 1, 2],
        screen(
          ['wish-rounds'],
          () => import('./routes/event/wish-rounds'),
          (module) => module.EventWishRoundsRoute,
        ),
        lazyLoader(
          () => import('./loaders/wish-rounds'),
          (loaders) => loaders.wishRoundsLoader(queryClient, [0, 1, 2]),
        ),
      ),
      eventScreen(
        'wish-rounds/:roundId',
        [0, 1, 2],
        screen(
          ['wish-rounds'],
          () => import('./routes/event/wish-round'),
          (module) => module.EventWishRoundRoute,
        ),
        lazyLoader(
          () => import('./loaders/wish-rounds'),
          (loaders) => loaders.wishRoundLoader(queryClient, [0, 1, 2]),
        ),
      ),
      eventScreen(
        'statistics',
        ADMINS,
        screen(
          ['statistics'],
          () => import('./routes/event/statistics'),
          (module) => module.EventStatisticsRoute,
        ),
        lazyLoader(
          () => import('./loaders/statistics'),
          (loaders) => loaders.statisticsLoader(queryClient, ADMINS),
        ),
      ),
      eventScreen(
        'email/*',
        ADMINS_AND_LEADERS,
        screen(
          ['mail'],
          () => import('./routes/event/email'),
          (module) => module.EventEmailRoute,
        ),
        lazyLoader(
          () => import('./loaders/mail'),
          (loaders) => loaders.mailLoader(queryClient, ADMINS_AND_LEADERS),
        ),
      ),
      eventScreen(
        'form',
        ADMINS,
        screen(
          ['forms'],
          () => import('./routes/event/form'),
          (module) => module.EventFormRoute,
        ),
        lazyLoader(
          () => import('./loaders/form'),
          (loaders) => loaders.formLoader(queryClient, ADMINS),
        ),
      ),
      eventScreen(
        'control-panel',
        ADMINS,
        screen(
          ['events', 'audit'],
          () => import('./routes/event/control-panel'),
          (module) => module.EventControlPanelRoute,
        ),
        lazyLoader(
          () => import('./loaders/control-panel'),
          (loaders) => loaders.controlPanelLoader(queryClient, ADMINS),
        ),
      ),
      {
        path: '*',
        lazy: screen(
          [],
          () => import('./routes/not-found'),
          (module) => module.NotFoundRoute,
        ),
      },
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
            lazy: screen(
              [],
              () => import('./routes/login'),
              (module) => module.LoginRoute,
            ),
          },
          {
            path: paths.auth.register.path,
            lazy: screen(
              [],
              () => import('./routes/register'),
              (module) => module.RegisterRoute,
            ),
          },
          {
            path: paths.auth.passwordRecovery.path,
            lazy: screen(
              [],
              () => import('./routes/password-recovery'),
              (module) => module.PasswordRecoveryRoute,
            ),
          },
          {
            path: paths.auth.passwordReset.path,
            lazy: screen(
              [],
              () => import('./routes/password-reset'),
              (module) => module.PasswordResetRoute,
            ),
          },
        ],
      },
      {
        // Not behind GuestOnly: the link may be opened logged in (as its owner or anyone) or not (decision 020).
        path: paths.auth.confirmEmail.path,
        element: <AuthLayout />,
        children: [
          {
            index: true,
            lazy: screen(
              ['confirm'],
              () => import('./routes/confirm-email'),
              (module) => module.ConfirmEmailRoute,
            ),
          },
        ],
      },
      {
        path: paths.terms.path,
        lazy: screen(
          [],
          () => import('./routes/terms'),
          (module) => module.TermsRoute,
        ),
      },
      {
        path: paths.event.apply.path,
        lazy: screen(
          ['apply', 'forms'],
          () => import('./routes/apply'),
          (module) => module.ApplyRoute,
        ),
      },
      {
        path: paths.event.applyRegister.path,
        lazy: screen(
          ['apply'],
          () => import('./routes/apply-register'),
          (module) => module.ApplyRegisterRoute,
        ),
      },
      {
        element: <RequireAuth />,
        children: [
          {
            // The top bar with its menus is a chunk of its own: the login page does not load it.
            lazy: screen(
              [],
              () => import('../components/layouts/main-layout'),
              (module) => module.MainLayout,
            ),
            children: authenticatedRoutes,
          },
        ],
      },
      {
        path: paths.event.root.path,
        element: <RequireAuth />,
        children: createEventRoutes(queryClient),
      },
      {
        path: '*',
        lazy: screen(
          [],
          () => import('./routes/not-found'),
          (module) => module.NotFoundRoute,
        ),
      },
    ],
  },
];

/**
 * The app's router on `queryClient`, as react-router's createBrowserRouter makes it but not yet started: on a slow
 * phone making it and starting it (matching the address, asking for the page's chunk) are each a long task, so
 * main.tsx runs them in two (decision 029). `initialize()` starts it.
 */
export const createAppRouter = (queryClient: QueryClient) =>
  createRouter({
    history: createBrowserHistory(),
    routes: createRoutes(queryClient),
    mapRouteProperties,
    hydrationRouteProperties,
  });

type AppRouterInstance = ReturnType<typeof createAppRouter>;

/**
 * Renders the router once the start-up session check is done (a full-page spinner until then). main.tsx makes and
 * starts the router before the first render, in tasks of their own (decision 029); without one, it is made here.
 */
export function AppRouter({ router: made }: { router?: AppRouterInstance }) {
  const { isInitialised } = useAuth();
  const queryClient = useQueryClient();
  const router = useMemo(() => made ?? createAppRouter(queryClient).initialize(), [made, queryClient]);
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
