import type { EventInvitation, Member } from '@funkis/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { UsersPage } from '../src/features/users/components/users-page';
import { columnChoiceStorageKey } from '../src/hooks/use-column-choice';
import { type FetchCall, mockFetch, renderApp, renderWithProviders, testUser } from './test-utils';

const member = (id: number, overrides: Partial<Member> = {}): Member => ({
  id,
  userId: 100 + id,
  firstname: `First${id}`,
  lastname: `Last${id}`,
  email: `member${id}@example.test`,
  roleLevel: 2,
  group: null,
  avatar: null,
  createdAt: '2025-01-01T00:00:00.000Z',
  ...overrides,
});

const eventDetail = (roleLevel: 0 | 1 | 2) => ({
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

const groups = { groups: [{ id: 3, name: 'Kitchen', description: '', memberCount: 1, wanted: null }], total: 1 };

interface Server {
  roleLevel?: 0 | 1 | 2;
  users?: Member[];
  onUsers?: (call: FetchCall) => { status: number; body: unknown } | undefined;
  onUpdate?: (call: FetchCall) => { status: number; body: unknown };
  invitations?: EventInvitation[];
}

const invitation = (id: number, email: string): EventInvitation => ({
  id,
  email,
  roleLevel: 1,
  group: { id: 3, name: 'Kitchen' },
  invitedBy: { id: 1, firstname: 'Ada', lastname: 'Admin' },
  createdAt: '2026-06-01T10:00:00.000Z',
  expiresAt: '2026-07-01T10:00:00.000Z',
});

function serve({ roleLevel = 0, users = [member(1), member(2)], onUsers, onUpdate, invitations = [] }: Server = {}) {
  let pending = [...invitations];
  return mockFetch((call) => {
    const url = new URL(call.url, 'http://localhost');
    if (url.pathname === '/api/event/7/invitations') return { body: { invitations: pending } };
    if (url.pathname.startsWith('/api/event/7/invitations/') && call.method === 'DELETE') {
      pending = pending.filter((item) => `/api/event/7/invitations/${item.id}` !== url.pathname);
      return { body: { success: true } };
    }
    if (url.pathname === '/api/event/7/users' && call.method === 'POST') {
      const body = call.body as { email: string };
      if (body.email === 'member1@example.test') {
        return {
          status: 409,
          body: {
            success: false,
            errorMessages: ['This person is already a member of the event.'],
            errors: [{ code: 'error.alreadyMember', field: 'email' }],
          },
        };
      }
      const created = invitation(100 + pending.length, body.email);
      pending = [created, ...pending];
      return { status: 201, body: { success: true, invitation: created } };
    }
    if (url.pathname === '/api/event/7') return { body: eventDetail(roleLevel) };
    if (url.pathname === '/api/event/7/groups') return { body: groups };
    if (url.pathname === '/api/event/7/users' && call.method === 'GET') {
      return onUsers?.(call) ?? { body: { users, total: users.length } };
    }
    if (url.pathname.startsWith('/api/event/7/users/') && call.method === 'POST' && onUpdate) return onUpdate(call);
    return { status: 404, body: { success: false, errorMessages: ['Not found'] } };
  });
}

/** The query string the page is on, to see what it wrote there. */
function ShownSearch() {
  return <output data-testid="location-search">{useLocation().search}</output>;
}
const shownSearch = () => new URLSearchParams(screen.getByTestId('location-search').textContent ?? '');

const renderPage = (roleLevel: 0 | 1 | 2 = 0, route = '/event/7/users') =>
  renderWithProviders(
    <>
      <UsersPage eventId={7} roleLevel={roleLevel} />
      <ShownSearch />
    </>,
    { user: testUser, route },
  );

const listParams = (calls: FetchCall[]) =>
  calls
    .filter((call) => call.method === 'GET' && call.url.includes('/event/7/users?'))
    .map((call) => new URL(call.url, 'http://x').searchParams);

describe('users page', () => {
  it('shows the members with role names, breadcrumbs and the admin actions in the event layout', async () => {
    const { calls } = serve();
    renderApp({ user: testUser, route: '/event/7/users' });
    expect(await screen.findByText('member1@example.test')).toBeInTheDocument();
    expect(screen.getAllByText('Volunteer').length).toBeGreaterThan(0);
    const breadcrumbs = screen.getByRole('navigation', { name: 'Breadcrumbs' });
    expect(within(breadcrumbs).getByRole('link', { name: 'Summer camp' })).toHaveAttribute('href', '/event/7');
    expect(screen.getByRole('button', { name: 'Invite by e-mail' })).toBeInTheDocument();
    expect(screen.getByRole('menuitem', { name: 'Remove member1@example.test' })).toBeInTheDocument();
    expect(document.title).toBe('Users | Funkis');
    const list = calls.find((call) => call.url.includes('/users?'));
    expect(list?.url).toContain('page=1');
    expect(list?.url).toContain('pageSize=25');
  });

  it('hides the admin actions from a group leader', async () => {
    serve({ roleLevel: 1 });
    renderPage(1);
    expect(await screen.findByText('member1@example.test')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite by e-mail' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Invitations' })).not.toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: /Remove/ })).not.toBeInTheDocument();
  });

  it('shows the access-denied page to a volunteer without asking for the users', async () => {
    const { calls } = serve({ roleLevel: 2 });
    renderApp({ user: testUser, route: '/event/7/users' });
    expect(await screen.findByText('You do not have access to this page.')).toBeInTheDocument();
    expect(calls.some((call) => call.url.includes('/users'))).toBe(false);
  });

  it('searches on the server once typing pauses, and says when nothing matches', async () => {
    const { calls } = serve({
      onUsers: (call) => (call.url.includes('search=zz') ? { status: 200, body: { users: [], total: 0 } } : undefined),
    });
    renderPage();
    await screen.findByText('member1@example.test');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'zz');
    expect(await screen.findByText('No members match the search and filters.')).toBeInTheDocument();
    expect(
      calls
        .filter((call) => call.url.includes('search='))
        .map((call) => new URL(call.url, 'http://x').searchParams.get('search')),
    ).toEqual(['zz']);
  });

  it('writes the search to the query string once typing pauses, starting again on page 1', async () => {
    const { calls } = serve();
    renderPage(0, '/event/7/users?page=3');
    await screen.findByText('member1@example.test');
    expect(listParams(calls)[0]?.get('page')).toBe('3');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'first');
    await waitFor(() => expect(shownSearch().get('search')).toBe('first'));
    expect(shownSearch().get('page')).toBeNull();
    expect(listParams(calls).at(-1)?.get('search')).toBe('first');
  });

  it('writes the role and group filters to the query string', async () => {
    const { calls } = serve();
    renderPage(0, '/event/7/users?search=first&page=3');
    await screen.findByText('member1@example.test');
    await userEvent.click(screen.getByRole('combobox', { name: 'Role' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Group leader' }));
    await waitFor(() => expect(shownSearch().get('roleLevel')).toBe('1'));
    await userEvent.click(screen.getByRole('combobox', { name: 'Group' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Kitchen' }));
    await waitFor(() => expect(shownSearch().get('groupId')).toBe('3'));
    const last = listParams(calls).at(-1);
    expect(last?.get('search')).toBe('first');
    expect(last?.get('roleLevel')).toBe('1');
    expect(last?.get('groupId')).toBe('3');
    expect(last?.get('page')).toBe('1');
    expect(shownSearch().get('search')).toBe('first');
  });

  it('shows the list a link asks for: filters, sort and page from the query string', async () => {
    const { calls } = serve();
    renderPage(0, '/event/7/users?search=anna&roleLevel=2&groupId=none&sort=-lastname&page=2&pageSize=50');
    await screen.findByText('member1@example.test');
    const first = listParams(calls)[0];
    expect(first?.get('search')).toBe('anna');
    expect(first?.get('roleLevel')).toBe('2');
    expect(first?.get('groupId')).toBe('none');
    expect(first?.get('sort')).toBe('-lastname');
    expect(first?.get('page')).toBe('2');
    expect(first?.get('pageSize')).toBe('50');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('anna');
    expect(screen.getByRole('columnheader', { name: /Last name/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('shows the server error when the list fails', async () => {
    serve({ onUsers: () => ({ status: 500, body: { success: false, errorMessages: ['Database is resting'] } }) });
    renderPage();
    expect(await screen.findByTestId('users-error')).toHaveTextContent('Database is resting');
  });

  it('offers to try again after a failed load and shows no empty state under the error', async () => {
    let failing = true;
    serve({
      onUsers: () =>
        failing ? { status: 500, body: { success: false, errorMessages: ['Database is resting'] } } : undefined,
    });
    renderPage();
    const error = await screen.findByTestId('users-error');
    expect(screen.queryByText('This event has no members yet.')).not.toBeInTheDocument();
    failing = false;
    await userEvent.setup().click(within(error).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('member1@example.test')).toBeInTheDocument();
    expect(screen.queryByTestId('users-error')).not.toBeInTheDocument();
  });

  it('exports only the chosen columns and remembers the choice per event', async () => {
    serve();
    renderPage();
    await screen.findByText('member1@example.test');
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    await userEvent.click(screen.getByRole('menuitemcheckbox', { name: 'Last name' }));
    await userEvent.keyboard('{Escape}');
    const csv = await screen.findByRole('link', { name: 'Export CSV' });
    const href = new URL(csv.getAttribute('href') ?? '', 'http://localhost');
    expect(href.pathname).toBe('/api/event/7/users/export');
    expect(href.searchParams.get('format')).toBe('csv');
    expect(href.searchParams.get('columns')).toBe('firstname,email,roleLevel,group');
    expect(JSON.parse(window.localStorage.getItem(columnChoiceStorageKey('users', 7)) ?? '{}')).toEqual({
      lastname: false,
    });
  });

  it('offers a semicolon CSV for Swedish Excel', async () => {
    serve();
    renderPage();
    await screen.findByText('member1@example.test');
    const csv = screen.getByRole('link', { name: 'Export CSV (;)' });
    const href = new URL(csv.getAttribute('href') ?? '', 'http://localhost');
    expect(href.searchParams.get('format')).toBe('csv');
    expect(href.searchParams.get('delimiter')).toBe('semicolon');
    const comma = new URL(screen.getByRole('link', { name: 'Export CSV' }).getAttribute('href') ?? '', 'http://x');
    expect(comma.searchParams.get('delimiter')).toBeNull();
  });

  it('invites by e-mail, says an invitation was sent, and lists it for cancelling', async () => {
    const { calls } = serve({ invitations: [invitation(5, 'waiting@example.test')] });
    renderPage();
    expect(await screen.findByText('waiting@example.test')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Invitations' })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Invite by e-mail' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite by e-mail' });
    expect(within(dialog).getByText(/We send an invitation to this address/)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText(/E-mail/), 'member1@example.test');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText('This person is already a member of the event.')).toBeInTheDocument();

    await userEvent.clear(within(dialog).getByLabelText(/E-mail/));
    await userEvent.type(within(dialog).getByLabelText(/E-mail/), 'new.person@example.test');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('An invitation was sent to new.person@example.test.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.filter((call) => call.method === 'POST').at(-1)?.body).toEqual({
      email: 'new.person@example.test',
      roleLevel: 2,
      groupId: null,
    });
    expect(await screen.findByText('new.person@example.test')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Cancel the invitation of waiting@example.test' }));
    expect(await screen.findByText('The invitation of waiting@example.test was cancelled.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('waiting@example.test')).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'DELETE' && call.url.endsWith('/event/7/invitations/5'))).toBe(true);
  }, 60_000);

  it('shows a last-admin refusal as an error snackbar with the server text', async () => {
    const refusal = 'An event must keep at least one admin. Make someone else admin first.';
    serve({
      users: [member(1, { roleLevel: 0 })],
      onUpdate: () => ({ status: 409, body: { success: false, errorMessages: [refusal] } }),
    });
    renderPage();
    await screen.findByText('member1@example.test');
    await userEvent.click(screen.getByRole('menuitem', { name: 'Change role and group of member1@example.test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change role and group' });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Role' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Volunteer' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
