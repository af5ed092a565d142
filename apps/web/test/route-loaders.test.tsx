import { UI } from '@funkis/shared';
import { QueryClient } from '@tanstack/react-query';
import { screen } from '@testing-library/react';
import type { LoaderFunctionArgs } from 'react-router';
import { describe, expect, it } from 'vitest';
import { eventQueryOptions } from '../src/api/get-event';
import { applicationsLoader, eventLayoutLoader, feedLoader, usersLoader } from '../src/app/loaders';
import { applicationsQueryOptions } from '../src/features/applications/api/get-applications';
import { parseApplicationListParams } from '../src/features/applications/api/list-params';
import { usersQueryOptions } from '../src/features/users/api/get-users';
import { parseUsersListState, usersQueryOf } from '../src/features/users/api/list-params';
import { createQueryClient } from '../src/lib/query-client';
import { groupKeys } from '../src/lib/query-keys';
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
    await feedLoader(queryClient, [0, 1, 2])(args('/event/7'));
    // Every member may see the feed: it does not wait for the event (the layout's loader asks for that).
    await expect
      .poll(() => paths(calls).sort())
      .toEqual(['/api/event/7/contacts', '/api/event/7/files', '/api/event/7/links', '/api/event/7/posts']);
  });

  it('the applications screen starts the list of ?status=accepted&groupId=3', async () => {
    signIn();
    const { calls } = serve(1);
    const queryClient = new QueryClient();
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
});
