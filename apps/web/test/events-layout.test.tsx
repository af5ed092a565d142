import type { EventDetail } from '@funkis/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderApp, testUser } from './test-utils';

const detail = (roleLevel: 0 | 1 | 2): EventDetail => ({
  event: {
    id: 5,
    name: 'Summer festival',
    description: 'Three days by the lake.',
    avatarUrl: null,
    status: 'ongoing',
    applicationsOpen: true,
    useWeekSeparation: false,
    weekSeparationConfig: null,
    startsAt: '2026-07-01',
    endsAt: '2026-07-03',
    timeZone: 'Europe/Stockholm',
  },
  eventUser: {
    id: 9,
    userId: testUser.id,
    role: { eventRole: { roleLevel }, eventGroup: roleLevel === 0 ? null : { id: 2, name: 'Stage crew' } },
  },
  eventForm: { fields: [] },
});

const serveEvent = (roleLevel: 0 | 1 | 2) =>
  mockFetch(({ url }) => (url === '/api/event/5' ? { body: detail(roleLevel) } : { body: {} }));

describe('event layout', () => {
  it('gives an admin every menu entry, a recruitment section and the event home', async () => {
    serveEvent(0);
    renderApp({ user: testUser, route: '/event/5' });
    const menu = (await screen.findAllByRole('navigation', { name: 'Event menu' }))[0] as HTMLElement;
    for (const entry of ['Home', 'Applications', 'Users', 'Form', 'Control panel']) {
      expect(within(menu).getByRole('link', { name: entry })).toBeInTheDocument();
    }
    expect(within(menu).getByText('Recruitment')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Summer festival' })).toBeInTheDocument();
    expect(screen.getByTestId('event-role')).toHaveTextContent('Admin');
    expect(document.title).toBe('Summer festival | Funkis');
  });

  it('gives a group leader applications and users, but not form or control panel', async () => {
    serveEvent(1);
    renderApp({ user: testUser, route: '/event/5' });
    const menu = (await screen.findAllByRole('navigation', { name: 'Event menu' }))[0] as HTMLElement;
    expect(within(menu).getByText('Recruitment')).toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Users' })).toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'Form' })).not.toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'Control panel' })).not.toBeInTheDocument();
    expect(await screen.findByTestId('event-role')).toHaveTextContent('Group leader · group Stage crew');
  });

  it('hides the recruitment section from a volunteer and refuses the control panel', async () => {
    serveEvent(2);
    renderApp({ user: testUser, route: '/event/5/control-panel' });
    expect(await screen.findByText('You do not have access to this page.')).toBeInTheDocument();
    const menu = (await screen.findAllByRole('navigation', { name: 'Event menu' }))[0] as HTMLElement;
    expect(within(menu).queryByText('Recruitment')).not.toBeInTheDocument();
    expect(within(menu).getByRole('link', { name: 'Home' })).toBeInTheDocument();
  });

  it('shows the access-denied page when the event cannot be loaded (403)', async () => {
    mockFetch(() => ({
      status: 403,
      body: { success: false, errorMessages: ['You do not have access to this page.'] },
    }));
    renderApp({ user: testUser, route: '/event/5' });
    expect(await screen.findByText('You do not have access to this page.')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Event menu' })).not.toBeInTheDocument();
  });
});
