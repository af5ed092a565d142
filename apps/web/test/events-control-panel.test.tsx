import type { EventDetail } from '@funkis/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';
import { type FetchCall, mockFetch, renderApp, testUser } from './test-utils';

const detail: EventDetail = {
  event: {
    id: 5,
    name: 'Summer festival',
    description: '',
    avatarUrl: null,
    status: 'ongoing',
    applicationsOpen: false,
    useWeekSeparation: false,
    weekSeparationConfig: null,
    startsAt: null,
    endsAt: null,
    timeZone: 'Europe/Stockholm',
  },
  eventUser: { id: 9, userId: testUser.id, role: { eventRole: { roleLevel: 0 }, eventGroup: null } },
  eventForm: {
    fields: [
      { name: 'form-field-custom-1', type: 'radio', label: 'Which week?', required: true, options: [] },
      { name: 'form-field-custom-2', type: 'text', label: 'Your shoe size', required: false },
    ],
  },
};

function serveControlPanel(extra?: (call: FetchCall) => { status?: number; body?: unknown } | undefined) {
  return mockFetch((call) => {
    const answer = extra?.(call);
    if (answer) return answer;
    if (call.url === '/api/event/5') return { body: detail };
    if (call.url.startsWith('/api/event/5/groups?')) {
      return {
        body: { groups: [{ id: 2, name: 'Stage crew', description: '', memberCount: 3, wanted: null }], total: 1 },
      };
    }
    if (call.url.startsWith('/api/event/5/access')) {
      return {
        body: { admins: [], groupLeaders: [], volunteers: [], totals: { admins: 0, groupLeaders: 0, volunteers: 0 } },
      };
    }
    if (call.url.startsWith('/api/event/5/audit')) return { body: { entries: [], total: 0 } };
    return { body: {} };
  });
}

describe('control panel', () => {
  // The route's code comes in lazily, as in the app: load it before the first test, so its waits are for the screen
  // and not for importing the page's modules (on a busy machine that alone took more than their 5 s).
  beforeAll(async () => {
    await Promise.all([
      import('../src/app/routes/event/layout'),
      import('../src/app/routes/event/control-panel'),
      import('../src/app/loaders/control-panel'),
    ]);
  }, 60_000);

  it('lists groups with member counts and deletes one after confirming', async () => {
    const user = userEvent.setup();
    const { calls } = serveControlPanel((call) =>
      call.method === 'DELETE' ? { body: { success: true, _csrf: 'next' } } : undefined,
    );
    renderApp({ user: testUser, route: '/event/5/control-panel' });
    const groups = await screen.findByRole('list', { name: 'Groups' });
    expect(await within(groups).findByText('3 members')).toBeInTheDocument();
    await user.click(within(groups).getByRole('button', { name: 'Delete group Stage crew' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete group?' });
    expect(within(dialog).getByText(/Its members stay in the event without a group/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'DELETE' && call.url === '/api/event/5/groups/2')).toBe(true),
    );
    expect(await screen.findByText('Group deleted')).toBeInTheDocument();
  });

  it('asks before opening applications, and sends nothing when cancelled', async () => {
    const user = userEvent.setup();
    const { calls } = serveControlPanel((call) =>
      call.url === '/api/event/5/applications-open'
        ? { body: { event: { ...detail.event, applicationsOpen: true } } }
        : undefined,
    );
    renderApp({ user: testUser, route: '/event/5/control-panel' });
    await user.click(await screen.findByRole('switch', { name: 'Applications open' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Open applications?' })).getByRole('button', { name: 'Cancel' }),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((call) => call.url === '/api/event/5/applications-open')).toBe(false);

    await user.click(await screen.findByRole('switch', { name: 'Applications open' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Open applications?' })).getByRole('button', { name: 'Open' }),
    );
    await waitFor(() =>
      expect(calls.find((call) => call.url === '/api/event/5/applications-open')?.body).toEqual({ open: true }),
    );
    expect(await screen.findByText('Applications opened')).toBeInTheDocument();
  });

  it('offers only option questions for week separation and requires its labels', async () => {
    const user = userEvent.setup();
    const { calls } = serveControlPanel();
    renderApp({ user: testUser, route: '/event/5/control-panel' });
    await user.click(await screen.findByRole('switch', { name: 'Use week separation' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect((await screen.findAllByText('This field is required.')).length).toBeGreaterThan(0);
    expect(calls.some((call) => call.url === '/api/event/5/settings')).toBe(false);

    await user.click(screen.getByRole('combobox', { name: 'Form field it reads' }));
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getByRole('option', { name: 'Which week?' })).toBeInTheDocument();
    expect(within(listbox).queryByRole('option', { name: 'Your shoe size' })).not.toBeInTheDocument();
  });

  it('lists a few people per role and links the rest to the users table, never an unclickable "and 563 more"', async () => {
    const person = (id: number) => ({
      id,
      userId: id,
      firstname: `Volunteer${id}`,
      lastname: 'Berg',
      email: `v${id}@example.test`,
      group: null,
    });
    const { calls } = serveControlPanel((call) =>
      call.url.startsWith('/api/event/5/access')
        ? {
            body: {
              admins: [person(1)],
              groupLeaders: [],
              volunteers: Array.from({ length: 10 }, (_, index) => person(10 + index)),
              totals: { admins: 1, groupLeaders: 0, volunteers: 663 },
            },
          }
        : undefined,
    );
    renderApp({ user: testUser, route: '/event/5/control-panel' });
    const link = await screen.findByRole('link', { name: 'and 653 more: see all 663 in the users table' });
    expect(link).toHaveAttribute('href', '/event/5/users?roleLevel=2');
    const access = calls.find((call) => call.url.startsWith('/api/event/5/access'));
    expect(new URL(access?.url ?? '', 'http://x').searchParams.get('pageSize')).toBe('10');
  });
});
