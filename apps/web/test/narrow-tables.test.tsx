import type { ApplicationListResponse, EventDetail, Member } from '@funkis/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApplicationsPage } from '../src/features/applications/components/applications-page';
import { UsersPage } from '../src/features/users/components/users-page';
import { mockFetch, renderWithProviders, testUser } from './test-utils';

/** A phone: every max-width query matches (MUI's breakpoints.down('sm') among them). */
beforeEach(() => {
  vi.stubGlobal(
    'matchMedia',
    (query: string) =>
      ({
        matches: query.includes('max-width'),
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }) as MediaQueryList,
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const eventDetail = {
  event: {
    id: 7,
    name: 'Camp',
    description: '',
    avatarUrl: null,
    status: 'ongoing',
    applicationsOpen: true,
    useWeekSeparation: false,
    weekSeparationConfig: null,
  },
  eventUser: { id: 1, userId: testUser.id, role: { eventRole: { roleLevel: 0 }, eventGroup: null } },
  eventForm: { fields: [] },
} as unknown as EventDetail;

const counts = { pending: 1, staged: 0, accepted: 1, reserve: 0, rejected: 0, none: 0 };
const applications = {
  applications: [
    {
      id: 1,
      user: { id: 101, firstname: 'Anna', lastname: 'Berg', email: 'anna.berg.with.a.long.address@example.test' },
      status: 'accepted',
      group: { id: 3, name: 'Security' },
      week: null,
      answers: {},
      createdAt: '2026-01-01T10:00:00.000Z',
      updatedAt: '2026-01-01T10:00:00.000Z',
    },
  ],
  total: 60,
  page: 1,
  pageSize: 25,
  summary: { byStatus: counts, byGroup: [] },
} as unknown as ApplicationListResponse;

describe('tables on a phone', () => {
  it('shows applications as cards with status, group and the next-page control', async () => {
    mockFetch((call) => {
      if (call.url.includes('/groups')) return { body: { groups: [{ id: 3, name: 'Security' }], total: 1 } };
      if (call.url.endsWith('/applications/1/answers'))
        return { body: { answers: [{ name: 'size', label: 'T-shirt size', value: 'M', removed: false }] } };
      if (call.url.endsWith('/applications/1'))
        return { body: { application: { ...applications.applications[0], answerLabels: {} }, history: [] } };
      if (call.url.includes('/applications')) return { body: applications };
      return { status: 404, body: {} };
    });
    renderWithProviders(<ApplicationsPage eventId={7} eventDetail={eventDetail} />, {
      user: testUser,
      route: '/event/7/applications',
    });
    const card = await screen.findByTestId('application-card');
    expect(screen.queryByRole('table', { name: 'Applications' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('application-row')).not.toBeInTheDocument();
    expect(within(card).getByText('Accepted')).toBeInTheDocument();
    expect(card).toHaveTextContent('Group: Security');
    expect(within(card).getByText('anna.berg.with.a.long.address@example.test')).toBeInTheDocument();
    expect(within(card).getByRole('checkbox', { name: 'Select Anna Berg' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to next page' })).toBeEnabled();
    // The name opens the application, as a row does.
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Open Anna Berg' }));
    expect(await screen.findByText('T-shirt size')).toBeInTheDocument();
  });

  it('shows members as cards with role, group, the admin actions and the next-page control', async () => {
    const members: Member[] = [
      {
        id: 5,
        userId: 105,
        firstname: 'Bo',
        lastname: 'Ek',
        email: 'bo@example.test',
        roleLevel: 1,
        group: { id: 3, name: 'Security' },
      } as Member,
    ];
    mockFetch((call) => {
      if (call.url.includes('/groups')) return { body: { groups: [{ id: 3, name: 'Security' }], total: 1 } };
      if (call.url.includes('/invitations')) return { body: { invitations: [] } };
      if (call.url.includes('/users')) return { body: { users: members, total: 60 } };
      return { status: 404, body: {} };
    });
    renderWithProviders(<UsersPage eventId={7} roleLevel={0} />, { user: testUser, route: '/event/7/users' });
    const card = await screen.findByTestId('user-card');
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    expect(card).toHaveTextContent('Group leader · Security');
    expect(within(card).getByRole('button', { name: 'Change role and group of bo@example.test' })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Remove bo@example.test' })).toBeInTheDocument();
    expect(screen.getByText('1–25 of 60')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go to next page' })).toBeEnabled();
  });
});
