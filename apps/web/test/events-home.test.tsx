import type { EventSummary, MyInvitation } from '@funkis/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { HomePage } from '../src/features/events/components/home-page';
import { mockFetch, renderWithProviders, testUser } from './test-utils';

const summary = (overrides: Partial<EventSummary>): EventSummary => ({
  id: 1,
  name: 'Summer festival',
  avatarUrl: null,
  status: 'ongoing',
  applicationsOpen: false,
  roleLevel: null,
  applicationStatus: null,
  ...overrides,
});

describe('events home', () => {
  it('shows the empty state for a new user', async () => {
    mockFetch(() => ({ body: { events: [], total: 0 } }));
    renderWithProviders(<HomePage />, { user: testUser });
    expect(await screen.findByText('No events yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create event' })).toBeInTheDocument();
  });

  it('lists events with role or application status, status chip, and the right link', async () => {
    mockFetch(() => ({
      body: {
        events: [
          summary({ id: 1, name: 'Summer festival', roleLevel: 0 }),
          summary({ id: 2, name: 'Winter market', roleLevel: 1, status: 'completed' }),
          summary({ id: 3, name: 'Open choir', applicationsOpen: true }),
          summary({ id: 4, name: 'Harbour days', applicationsOpen: true, applicationStatus: 'pending' }),
        ],
        total: 4,
      },
    }));
    renderWithProviders(<HomePage />, { user: testUser });
    const cards = await screen.findAllByTestId('event-card');
    expect(cards).toHaveLength(4);
    const [admin, leader, applied, open] = cards as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(within(admin).getByText('Admin')).toBeInTheDocument();
    expect(within(admin).getByText('Ongoing')).toBeInTheDocument();
    expect(within(admin).getByRole('link')).toHaveAttribute('href', '/event/1');
    expect(within(leader).getByText('Group leader')).toBeInTheDocument();
    expect(within(leader).getByText('Completed')).toBeInTheDocument();
    expect(within(open).getByText('Open for application')).toBeInTheDocument();
    expect(within(open).getByRole('link')).toHaveAttribute('href', '/event/3/apply');
    expect(within(applied).getByText('Application: Pending')).toBeInTheDocument();
  });

  it("leads with the person's own events and applications; creating an event is secondary", async () => {
    mockFetch(() => ({
      body: {
        events: [
          summary({ id: 3, name: 'Open choir', applicationsOpen: true }),
          summary({ id: 4, name: 'Harbour days', applicationsOpen: true, applicationStatus: 'pending' }),
          summary({ id: 1, name: 'Summer festival', roleLevel: 2 }),
        ],
        total: 3,
      },
    }));
    renderWithProviders(<HomePage />, { user: testUser });
    const own = await screen.findByRole('region', { name: 'Your events' });
    const open = screen.getByRole('region', { name: 'Open for applications' });
    expect(
      within(own)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Harbour days', 'Summer festival']);
    expect(within(open).getByRole('heading', { level: 3, name: 'Open choir' })).toBeInTheDocument();
    expect(own.compareDocumentPosition(open) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    const create = screen.getByRole('button', { name: 'Create event' });
    expect(create).toHaveClass('MuiButton-outlined');
    expect(create).not.toHaveClass('MuiButton-fullWidth');
  });

  it('shows the server error when the list fails', async () => {
    mockFetch(() => ({ status: 500, body: { success: false, errorMessages: ['Database is down'] } }));
    renderWithProviders(<HomePage />, { user: testUser });
    expect(await screen.findByText('Database is down')).toBeInTheDocument();
  });

  it('creates an event: validates the name with the spec text, posts, and shows the server errors', async () => {
    const user = userEvent.setup();
    const { calls } = mockFetch(({ url, method }) => {
      if (url === '/api/events' && method === 'POST') {
        return { status: 400, body: { success: false, errorMessages: ['Something is off'] } };
      }
      return { body: { events: [], total: 0 } };
    });
    renderWithProviders(<HomePage />, { user: testUser });
    await user.click(await screen.findByRole('button', { name: 'Create event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create event' });
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Event name must be at least 3 characters long.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByLabelText(/Event name/), 'Autumn fair');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(await within(dialog).findByText('Something is off')).toBeInTheDocument();
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({ name: 'Autumn fair', description: '' }),
    );
  });

  it("shows the day's limit on creating events in the dialog, from its code and count", async () => {
    const user = userEvent.setup();
    mockFetch(({ url, method }) => {
      if (url === '/api/events' && method === 'POST') {
        return {
          status: 429,
          body: {
            success: false,
            errorMessages: ['You have created 10 events in the last 24 hours.'],
            errors: [{ code: 'error.tooManyEventsToday', params: { count: 10 } }],
          },
        };
      }
      return { body: { events: [], total: 0 } };
    });
    renderWithProviders(<HomePage />, { user: testUser });
    await user.click(await screen.findByRole('button', { name: 'Create event' }));
    const dialog = await screen.findByRole('dialog', { name: 'Create event' });
    await user.type(within(dialog).getByLabelText(/Event name/), 'Autumn fair');
    await user.click(within(dialog).getByRole('button', { name: 'Create' }));
    expect(
      await within(dialog).findByText(
        'You have created 10 events in the last 24 hours, as many as one account may. Try again tomorrow.',
      ),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: /Event name/ })).toHaveValue('Autumn fair');
  });

  it('shows invitations: accepting joins the event, declining asks first and removes the invitation', async () => {
    const user = userEvent.setup();
    const invitations: MyInvitation[] = [
      {
        id: 11,
        event: { id: 5, name: 'Harbour days' },
        roleLevel: 1,
        group: { id: 2, name: 'Bar' },
        invitedBy: { firstname: 'Ada', lastname: 'Admin' },
        createdAt: '2026-06-01T10:00:00.000Z',
        expiresAt: '2026-07-01T10:00:00.000Z',
      },
      {
        id: 12,
        event: { id: 6, name: 'Winter market' },
        roleLevel: 2,
        group: null,
        invitedBy: null,
        createdAt: '2026-06-01T10:00:00.000Z',
        expiresAt: '2026-07-01T10:00:00.000Z',
      },
    ];
    let open = [...invitations];
    let events: EventSummary[] = [];
    const { calls } = mockFetch(({ url, method }) => {
      if (url === '/api/invitations') return { body: { invitations: open } };
      if (url === '/api/invitations/11/accept' && method === 'POST') {
        open = open.filter((item) => item.id !== 11);
        events = [summary({ id: 5, name: 'Harbour days', roleLevel: 1 })];
        return { body: { success: true, event: { id: 5, name: 'Harbour days' } } };
      }
      if (url === '/api/invitations/12/decline' && method === 'POST') {
        open = open.filter((item) => item.id !== 12);
        return { body: { success: true } };
      }
      return { body: { events, total: events.length } };
    });
    renderWithProviders(<HomePage />, { user: testUser });
    const cards = await screen.findAllByTestId('invitation-card');
    expect(cards).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Invitations' })).toBeInTheDocument();
    const [harbour, winter] = cards as [HTMLElement, HTMLElement];
    expect(within(harbour).getByText('Invited as Group leader in Bar')).toBeInTheDocument();
    expect(within(harbour).getByText('From Ada Admin')).toBeInTheDocument();
    expect(within(winter).getByText('Invited as Volunteer')).toBeInTheDocument();
    expect(screen.getByText('No events yet')).toBeInTheDocument();

    await user.click(within(harbour).getByRole('button', { name: 'Accept' }));
    expect(await screen.findByText('You joined Harbour days.')).toBeInTheDocument();
    const joined = await screen.findByTestId('event-card');
    expect(within(joined).getByRole('link')).toHaveAttribute('href', '/event/5');
    expect(screen.getAllByTestId('invitation-card')).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog', { name: 'Decline the invitation?' });
    expect(calls.some((call) => call.url.endsWith('/decline'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Decline' }));
    expect(await screen.findByText('You declined the invitation to Winter market.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('invitation-card')).not.toBeInTheDocument());
    expect(screen.queryByRole('heading', { name: /Invitation/ })).not.toBeInTheDocument();
  });
});
