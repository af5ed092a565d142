import { UI } from '@funkis/shared';
import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, type LoaderFunctionArgs, type RouteObject, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { eventQueryOptions } from '../src/api/get-event';
import { applicationsLoader } from '../src/app/loaders/applications';
import { controlPanelLoader } from '../src/app/loaders/control-panel';
import { eventLayoutLoader } from '../src/app/loaders/event';
import { feedLoader } from '../src/app/loaders/feed';
import { filesLoader } from '../src/app/loaders/files';
import { formLoader } from '../src/app/loaders/form';
import { schedulingLoader } from '../src/app/loaders/scheduling';
import { usersLoader } from '../src/app/loaders/users';
import { AppProviders } from '../src/app/providers';
import { createRoutes } from '../src/app/router';
import { applicationsQueryOptions } from '../src/features/applications/api/get-applications';
import { parseApplicationListParams } from '../src/features/applications/api/list-params';
import { postsQueryOptions } from '../src/features/feed/api/get-posts';
import { usersQueryOptions } from '../src/features/users/api/get-users';
import { parseUsersListState, usersQueryOf } from '../src/features/users/api/list-params';
import { createQueryClient } from '../src/lib/query-client';
import { eventKeys, groupKeys } from '../src/lib/query-keys';
import { type FetchCall, mockFetch, renderApp, testUser } from './test-utils';

const detail = (roleLevel: 0 | 1 | 2) => ({
  event: {
    id: 7,
    name: 'Summer camp',
    description: '',
    avatarUrl: null,
    status: 'ongoing',
    applicationsOpen: true,
    useWeekSeparation: false,
    weekSeparationConfig: null,
    startsAt: null,
    endsAt: null,
    timeZone: 'Europe/Stockholm',
  },
  eventUser: { id: 1, userId: testUser.id, role: { eventRole: { roleLevel }, eventGroup: null } },
  eventForm: { fields: [] },
});

const emptySummary = { byStatus: {}, byGroup: [] };

function serve(roleLevel: 0 | 1 | 2) {
  return mockFetch((call: FetchCall) => {
    const url = new URL(call.url, 'http://localhost');
    if (url.pathname === '/api/event/7') return { body: detail(roleLevel) };
    if (url.pathname === '/api/event/7/groups') return { body: { groups: [], total: 0 } };
    if (url.pathname === '/api/event/7/users') return { body: { users: [], total: 0 } };
    if (url.pathname === '/api/event/7/applications') {
      return { body: { applications: [], total: 0, page: 1, pageSize: 25, summary: emptySummary } };
    }
    if (url.pathname === '/api/event/7/files') return { body: { files: [], total: 0, usage: null } };
    if (url.pathname === '/api/event/7/shifts') return { body: { shifts: [] } };
    if (url.pathname === '/api/event/7/contacts') return { body: { contacts: [] } };
    if (url.pathname === '/api/event/7/offers') return { body: { offers: [] } };
    if (url.pathname === '/api/event/7/scheduling-settings') {
      return { body: { settings: { minRestMinutes: 0, selfSignupGroupIds: [], signOffClosesHours: 0 } } };
    }
    if (url.pathname === '/api/event/7/scheduling/timeline') return { body: { shifts: [] } };
    if (url.pathname === '/api/event/7/scheduling/not-full') return { body: { shifts: [], total: 0 } };
    if (url.pathname === '/api/event/7/scheduling/without-shift') return { body: { users: [], total: 0 } };
    if (url.pathname === '/api/event/7/scheduling/hours') return { body: { rows: [], total: 0 } };
    if (url.pathname === '/api/event/7/form') return { body: { fields: [], updatedAt: null, nextFieldNumber: 1 } };
    if (url.pathname === '/api/event/7/access') {
      return {
        body: { admins: [], groupLeaders: [], volunteers: [], totals: { admins: 0, groupLeaders: 0, volunteers: 0 } },
      };
    }
    if (url.pathname === '/api/event/7/audit') return { body: { entries: [], total: 0 } };
    return { status: 404, body: { success: false, errorMessages: ['Not found'] } };
  });
}

const args = (path: string): LoaderFunctionArgs =>
  ({
    params: { eventId: '7' },
    request: new Request(`http://localhost${path}`),
    context: undefined,
  }) as unknown as LoaderFunctionArgs;

const signIn = () => window.localStorage.setItem(UI.CSRF_STORAGE_KEY, 'token');
const paths = (calls: FetchCall[]) => calls.map((call) => new URL(call.url, 'http://localhost').pathname);
/** Path and query of each call, to tell two requests for the same list apart. */
const requests = (calls: FetchCall[]) => calls.map((call) => call.url);

/**
 * The app's real route table at `route`, with the chunk of the event screen at `screenPath` held back until
 * `release()`: what is asked for meanwhile was asked by the loaders, not by the screen.
 */
function renderWithHeldScreen(route: string, screenPath: string, roleLevel: 0 | 1 | 2) {
  const { calls } = serve(roleLevel);
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let screenLoaded = false;
  const hold = (routes: RouteObject[]) => {
    for (const route of routes) {
      if (route.path === screenPath && typeof route.lazy === 'function') {
        const load = route.lazy;
        route.lazy = async () => {
          await held;
          const module = await load();
          screenLoaded = true;
          return module;
        };
      }
      hold(route.children ?? []);
    }
  };
  // The app's own cache settings (data fresh for a while, so a mounting screen does not ask again).
  const queryClient = createQueryClient();
  const routes = createRoutes(queryClient);
  hold(routes);
  render(
    <AppProviders queryClient={queryClient} initialUser={testUser}>
      <RouterProvider router={createMemoryRouter(routes, { initialEntries: [route] })} />
    </AppProviders>,
  );
  return { calls, release, isScreenLoaded: () => screenLoaded };
}

/** Each request once, sorted. */
const once = (list: string[]) => {
  expect(list).toEqual([...new Set(list)]);
  return [...list].sort();
};

describe('route loaders', () => {
  it('the event layout loads the event into the cache the layout reads', async () => {
    signIn();
    const { calls } = serve(0);
    const queryClient = new QueryClient();
    await eventLayoutLoader(queryClient)(args('/event/7'));
    expect(paths(calls)).toEqual(['/api/event/7']);
    expect(queryClient.getQueryData(eventQueryOptions(7).queryKey)?.event.name).toBe('Summer camp');
  });

  it("the users screen starts the first list page the query string asks for, under the page's key", async () => {
    signIn();
    const { calls } = serve(0);
    const queryClient = new QueryClient();
    const path = '/event/7/users?search=anna&groupId=none&page=2';
    await usersLoader(queryClient, [0, 1])(args(path));
    const state = usersQueryOf(parseUsersListState(new URL(path, 'http://x').searchParams));
    const listKey = usersQueryOptions(7, state).queryKey;
    await expect.poll(() => queryClient.getQueryData(listKey)).toEqual({ users: [], total: 0 });
    await expect.poll(() => queryClient.getQueryData(groupKeys.list(7))).toEqual({ groups: [], total: 0 });
    const list = calls.find((call) => call.url.includes('/event/7/users?'));
    expect(new URL(list?.url ?? '', 'http://x').searchParams.get('page')).toBe('2');
  });

  it("the event home starts the feed's posts and side cards at once, beside the layout's event request", async () => {
    signIn();
    const { calls } = serve(2);
    const queryClient = new QueryClient();
    // The home page's list said the caller is a member.
    queryClient.setQueryData(eventKeys.list(), { events: [{ id: 7, roleLevel: 2 }], total: 1 });
    await feedLoader(queryClient, [0, 1, 2])(args('/event/7'));
    // Every member may see the feed: it does not wait for the event (the layout's loader asks for that).
    await expect
      .poll(() => paths(calls).sort())
      .toEqual(['/api/event/7/contacts', '/api/event/7/files', '/api/event/7/links', '/api/event/7/posts']);
  });

  it('the event home opened cold waits for the event, and asks a non-member for nothing more', async () => {
    signIn();
    const { calls } = mockFetch(() => ({ status: 403, body: { success: false, errorMessages: ['Forbidden'] } }));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    await feedLoader(queryClient, [0, 1, 2])(args('/event/7'));
    expect(paths(calls)).toEqual(['/api/event/7']);
  });

  it('the event home opened cold by a member starts the feed once the event says so', async () => {
    signIn();
    const { calls } = serve(2);
    const queryClient = new QueryClient();
    await feedLoader(queryClient, [0, 1, 2])(args('/event/7'));
    expect(paths(calls).sort()).toEqual([
      '/api/event/7',
      '/api/event/7/contacts',
      '/api/event/7/files',
      '/api/event/7/links',
      '/api/event/7/posts',
    ]);
  });

  it('the event home holds the route until its posts and side cards have answered, so the feed renders once', async () => {
    signIn();
    let answerPosts = () => {};
    const postsHeld = new Promise<void>((resolve) => {
      answerPosts = resolve;
    });
    mockFetch(async (call) => {
      const path = new URL(call.url, 'http://localhost').pathname;
      if (path === '/api/event/7/posts') {
        await postsHeld;
        return { body: { posts: [], pinned: [], hasMore: false } };
      }
      if (path === '/api/event/7/contacts') return { body: { contacts: [] } };
      if (path === '/api/event/7/files') return { body: { files: [], total: 0 } };
      return { body: { links: [] } };
    });
    const queryClient = new QueryClient();
    queryClient.setQueryData(eventKeys.list(), { events: [{ id: 7, roleLevel: 2 }], total: 1 });
    let settled = false;
    const loading = feedLoader(
      queryClient,
      [0, 1, 2],
    )(args('/event/7')).then(() => {
      settled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(settled).toBe(false);
    answerPosts();
    await loading;
    expect(queryClient.getQueryData(postsQueryOptions(7).queryKey)).toBeDefined();
  });

  it('the event home does not hold the route longer than 2 s for a server that does not answer', async () => {
    signIn();
    mockFetch(() => new Promise(() => {}));
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      let settled = false;
      const queryClient = new QueryClient();
      queryClient.setQueryData(eventKeys.list(), { events: [{ id: 7, roleLevel: 2 }], total: 1 });
      const loading = feedLoader(
        queryClient,
        [0, 1, 2],
      )(args('/event/7')).then(() => {
        settled = true;
      });
      await vi.advanceTimersByTimeAsync(1_900);
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(200);
      await loading;
      expect(settled).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('the applications screen starts the list of ?status=accepted&groupId=3', async () => {
    signIn();
    const { calls } = serve(1);
    const queryClient = new QueryClient();
    queryClient.setQueryData(eventKeys.list(), { events: [{ id: 7, roleLevel: 2 }], total: 1 });
    const path = '/event/7/applications?status=accepted&groupId=3';
    await applicationsLoader(queryClient, [0, 1])(args(path));
    const params = parseApplicationListParams(new URL(path, 'http://x').searchParams);
    await expect.poll(() => queryClient.getQueryData(applicationsQueryOptions(7, params).queryKey)).toBeDefined();
    const list = calls.find((call) => call.url.includes('/event/7/applications?'));
    const search = new URL(list?.url ?? '', 'http://x').searchParams;
    expect(search.get('status')).toBe('accepted');
    expect(search.get('groupId')).toBe('3');
  });

  it('asks for no list a volunteer may not see, and for nothing without a session', async () => {
    signIn();
    const volunteer = serve(2);
    await usersLoader(new QueryClient(), [0, 1])(args('/event/7/users'));
    expect(paths(volunteer.calls)).toEqual(['/api/event/7']);

    window.localStorage.removeItem(UI.CSRF_STORAGE_KEY);
    const visitor = serve(0);
    await eventLayoutLoader(new QueryClient())(args('/event/7'));
    await applicationsLoader(new QueryClient(), [0, 1])(args('/event/7/applications'));
    expect(visitor.calls).toEqual([]);
  });

  it('in the app, the screen reads what its loader asked for: each request once', async () => {
    signIn();
    const { calls } = serve(0);
    // The app's own cache settings (data fresh for a while, so a mounting screen does not ask again).
    renderApp({ user: testUser, route: '/event/7/applications?status=accepted', queryClient: createQueryClient() });
    expect(await screen.findByTestId('applications-empty')).toBeInTheDocument();
    expect(paths(calls).sort()).toEqual(['/api/event/7', '/api/event/7/applications', '/api/event/7/groups']);
  });

  it('the files screen: its first page starts while the chunk loads, and the screen reads it', async () => {
    signIn();
    const { calls, release, isScreenLoaded } = renderWithHeldScreen('/event/7/files', 'files', 2);
    await expect.poll(() => paths(calls)).toContain('/api/event/7/files');
    expect(isScreenLoaded()).toBe(false);
    const list = new URL(calls.find((call) => call.url.startsWith('/api/event/7/files?'))?.url ?? '', 'http://x');
    // Newest first, the first page, no search (an empty parameter is left out).
    expect(Object.fromEntries(list.searchParams)).toEqual({ sort: '-createdAt', page: '1', pageSize: '25' });
    release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Files' })).toBeInTheDocument();
    expect(once(paths(calls))).toEqual(['/api/event/7', '/api/event/7/files']);
  });

  it("the scheduling screen: shifts, rules, groups and an organiser's members start while the chunk loads", async () => {
    signIn();
    const { calls, release, isScreenLoaded } = renderWithHeldScreen('/event/7/scheduling', 'scheduling', 1);
    await expect
      .poll(() => paths(calls).sort())
      .toEqual([
        '/api/event/7',
        '/api/event/7/contacts',
        '/api/event/7/groups',
        '/api/event/7/offers',
        '/api/event/7/scheduling-settings',
        '/api/event/7/shifts',
        '/api/event/7/users',
      ]);
    expect(isScreenLoaded()).toBe(false);
    const before = requests(calls);
    release();
    expect(await screen.findByRole('heading', { level: 2, name: 'My shifts' })).toBeInTheDocument();
    expect(await screen.findByText('No shifts match.')).toBeInTheDocument();
    // The screen asked for nothing more: the same seven requests, each once ("my shifts" and the list share one).
    expect(once(requests(calls))).toEqual([...before].sort());
  });

  it("the scheduling screen's timeline: the week of `date` in the event's zone, as the screen asks for it", async () => {
    signIn();
    const route = '/event/7/scheduling?view=timeline&span=week&date=2030-07-01';
    const { calls, release, isScreenLoaded } = renderWithHeldScreen(route, 'scheduling', 2);
    await expect.poll(() => paths(calls)).toContain('/api/event/7/scheduling/timeline');
    expect(isScreenLoaded()).toBe(false);
    const timeline = calls.find((call) => call.url.startsWith('/api/event/7/scheduling/timeline?'));
    const search = new URL(timeline?.url ?? '', 'http://x').searchParams;
    // Midnight of 1 July and of 8 July in Stockholm (summer time, UTC+2), whatever the runner's zone.
    expect(search.get('from')).toBe('2030-06-30T22:00:00.000Z');
    expect(search.get('to')).toBe('2030-07-07T22:00:00.000Z');
    release();
    expect(await screen.findByRole('heading', { level: 2, name: 'My shifts' })).toBeInTheDocument();
    await screen.findByText('No shifts match.');
    // A volunteer: no member panel; the timeline, shifts, offers, rules and groups once each.
    expect(once(paths(calls))).toEqual([
      '/api/event/7',
      '/api/event/7/contacts',
      '/api/event/7/groups',
      '/api/event/7/offers',
      '/api/event/7/scheduling-settings',
      '/api/event/7/scheduling/timeline',
      '/api/event/7/shifts',
    ]);
  });

  it("the scheduling screen's open places and hours start for an organiser who opens them", async () => {
    signIn();
    const { calls } = serve(0);
    const queryClient = new QueryClient();
    queryClient.setQueryData(eventKeys.list(), { events: [{ id: 7, roleLevel: 2 }], total: 1 });
    await schedulingLoader(queryClient, [0, 1, 2])(args('/event/7/scheduling?view=open'));
    await expect.poll(() => paths(calls)).toContain('/api/event/7/scheduling/without-shift');
    expect(paths(calls)).toContain('/api/event/7/scheduling/not-full');
    expect(paths(calls)).not.toContain('/api/event/7/scheduling/hours');

    const hours = serve(0);
    await schedulingLoader(new QueryClient(), [0, 1, 2])(args('/event/7/scheduling?view=hours'));
    await expect.poll(() => requests(hours.calls)).toContain('/api/event/7/scheduling/hours?page=1&pageSize=25');
  });

  it('the form builder: the form starts while the chunk loads, and the builder shows it', async () => {
    signIn();
    const { calls, release, isScreenLoaded } = renderWithHeldScreen('/event/7/form', 'form', 0);
    await expect.poll(() => paths(calls)).toContain('/api/event/7/form');
    expect(isScreenLoaded()).toBe(false);
    release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Application form' })).toBeInTheDocument();
    expect(await screen.findByText('No fields yet. Use "Add field" to start.')).toBeInTheDocument();
    expect(once(paths(calls))).toEqual(['/api/event/7', '/api/event/7/form']);
  });

  it('the control panel: groups, access lists and the first audit page start while the chunk loads', async () => {
    signIn();
    const { calls, release, isScreenLoaded } = renderWithHeldScreen('/event/7/control-panel', 'control-panel', 0);
    await expect.poll(() => paths(calls)).toContain('/api/event/7/audit');
    expect(paths(calls)).toEqual(expect.arrayContaining(['/api/event/7/groups', '/api/event/7/access']));
    expect(isScreenLoaded()).toBe(false);
    expect(requests(calls)).toContain('/api/event/7/audit?page=1&pageSize=10');
    release();
    expect(await screen.findByRole('heading', { level: 1, name: 'Control panel' })).toBeInTheDocument();
    expect(await screen.findByText('Nothing recorded yet.')).toBeInTheDocument();
    expect(once(paths(calls))).toEqual([
      '/api/event/7',
      '/api/event/7/access',
      '/api/event/7/audit',
      '/api/event/7/groups',
    ]);
  });

  it("a volunteer's loaders start nothing an admin or organiser alone may ask for", async () => {
    signIn();
    const form = serve(2);
    await formLoader(new QueryClient(), [0])(args('/event/7/form'));
    expect(paths(form.calls)).toEqual(['/api/event/7']);

    const controlPanel = serve(2);
    await controlPanelLoader(new QueryClient(), [0])(args('/event/7/control-panel'));
    expect(paths(controlPanel.calls)).toEqual(['/api/event/7']);

    // ?view=open is an organiser's view: a volunteer gets the list, without the member panel.
    const scheduling = serve(2);
    await schedulingLoader(new QueryClient(), [0, 1, 2])(args('/event/7/scheduling?view=open'));
    await expect
      .poll(() => paths(scheduling.calls).sort())
      .toEqual([
        '/api/event/7',
        '/api/event/7/contacts',
        '/api/event/7/groups',
        '/api/event/7/offers',
        '/api/event/7/scheduling-settings',
        '/api/event/7/shifts',
      ]);

    window.localStorage.removeItem(UI.CSRF_STORAGE_KEY);
    const visitor = serve(0);
    await filesLoader(new QueryClient(), [0, 1, 2])(args('/event/7/files'));
    await schedulingLoader(new QueryClient(), [0, 1, 2])(args('/event/7/scheduling'));
    expect(visitor.calls).toEqual([]);
  });
});
