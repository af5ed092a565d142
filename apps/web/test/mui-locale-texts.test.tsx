import type { ApplicationListResponse, EventDetail, Member } from '@funkis/shared';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApplicationsPage } from '../src/features/applications/components/applications-page';
import { UsersPage } from '../src/features/users/components/users-page';
import { i18n } from '../src/lib/i18n';
import { mockFetch, renderWithProviders, testUser } from './test-utils';

const eventDetail: EventDetail = {
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

const counts = { pending: 666, staged: 0, accepted: 0, reserve: 0, rejected: 0, none: 0 };
const applications: ApplicationListResponse = {
  applications: [1, 2].map((id) => ({
    id,
    user: { id: 100 + id, firstname: `Person${id}`, lastname: 'Berg', email: `p${id}@example.test` },
    status: 'pending',
    group: null,
    week: null,
    answers: {},
    createdAt: '2026-01-01T10:00:00.000Z',
    updatedAt: '2026-01-01T10:00:00.000Z',
  })),
  total: 666,
  page: 1,
  pageSize: 25,
  summary: { byStatus: counts, byGroup: [] },
} as unknown as ApplicationListResponse;

const member = (id: number): Member =>
  ({
    id,
    userId: 100 + id,
    firstname: `First${id}`,
    lastname: `Last${id}`,
    email: `member${id}@example.test`,
    roleLevel: 2,
    group: null,
    avatar: null,
    createdAt: '2025-01-01T00:00:00.000Z',
  }) as Member;

beforeEach(async () => {
  await i18n.changeLanguage('sv');
});
afterEach(async () => {
  await i18n.changeLanguage('en');
});

/** MUI's own texts of paged tables follow the app's language (here Swedish), not MUI's English defaults. */
describe('paged tables in Swedish', () => {
  it('the applications review says "1–25 av 666" and "Gå till nästa sida"', async () => {
    mockFetch((call) => {
      if (call.url.includes('/groups')) return { body: { groups: [], total: 0 } };
      if (call.url.includes('/applications')) return { body: applications };
      return { status: 404, body: {} };
    });
    renderWithProviders(<ApplicationsPage eventId={7} eventDetail={eventDetail} />, {
      user: testUser,
      route: '/event/7/applications',
    });
    const counts = await screen.findByText('1–25 av 666');
    expect(counts.tagName).toBe('BDI');
    expect(screen.getByRole('button', { name: 'Gå till nästa sida' })).toBeEnabled();
    expect(screen.queryByText(/of 666/)).not.toBeInTheDocument();
  });

  it('the users grid says "1–25 av 666" and "Gå till nästa sida"', async () => {
    mockFetch((call) => {
      if (call.url.includes('/groups')) return { body: { groups: [], total: 0 } };
      if (call.url.includes('/invitations')) return { body: { invitations: [] } };
      if (call.url.includes('/users')) return { body: { users: [member(1), member(2)], total: 666 } };
      return { status: 404, body: {} };
    });
    renderWithProviders(<UsersPage eventId={7} roleLevel={0} />, { user: testUser, route: '/event/7/users' });
    // Isolated for right-to-left pages by U+2068 … U+2069 (the grid takes text only).
    expect(await screen.findByText('\u20681–25 av 666\u2069')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Gå till nästa sida' })).toBeInTheDocument();
  });
});
