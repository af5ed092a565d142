import type { OfferedCoverRequest } from '@funkis/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AskForCoverButton } from '../src/features/cover/components/ask-for-cover-button';
import { CoverRequestsPage } from '../src/features/cover/components/cover-requests-page';
import { mockFetch, renderWithProviders } from './test-utils';

const request = (id: number, overrides: Partial<OfferedCoverRequest> = {}): OfferedCoverRequest => ({
  id,
  eventId: 5,
  eventName: 'Summer fest',
  timeZone: 'Europe/Stockholm',
  shift: {
    id: 100 + id,
    title: `Shift ${id}`,
    location: 'North gate',
    startsAt: '2026-11-28T09:00:00.000Z',
    endsAt: '2026-11-28T11:00:00.000Z',
    group: { id: 1, name: 'Gate crew' },
  },
  state: 'open',
  takenByMe: false,
  createdAt: '2026-11-27T08:00:00.000Z',
  ...overrides,
});

/** The server's answer when someone else took the place first (accepting, or withdrawing a taken request). */
const taken = {
  status: 409,
  body: {
    success: false,
    errorMessages: ['Someone else has already taken this shift.'],
    errors: [{ code: 'error.coverRequestTaken' }],
  },
};

describe('cover requests', () => {
  it('lists the requests offered to me, the linked one first; open ones can be taken, taken ones say so', async () => {
    const { calls } = mockFetch((call) =>
      call.method === 'POST'
        ? { body: { success: true, _csrf: 'x', assignment: { id: 9, shiftId: 101, eventUserId: 3, createdAt: '' } } }
        : { body: { coverRequests: [request(1), request(2, { state: 'taken' })] } },
    );
    renderWithProviders(<CoverRequestsPage highlightId={2} />);
    const articles = await screen.findAllByRole('article');
    expect(articles.map((article) => within(article).getByRole('heading').textContent)).toEqual(['Shift 2', 'Shift 1']);
    expect(within(articles[0]).getByText('Taken')).toBeInTheDocument();
    expect(within(articles[0]).queryByRole('button')).toBeNull();
    expect(within(articles[1]).getByText('North gate · Gate crew')).toBeInTheDocument();
    await userEvent.click(within(articles[1]).getByRole('button', { name: 'Take this shift' }));
    expect(await screen.findByText('Shift 1 is yours.')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST' && call.url.endsWith('/api/cover-requests/1/accept'))).toBe(
      true,
    );
  });

  it('says when someone else was first, in the reader’s words for the server’s code', async () => {
    mockFetch((call) => (call.method === 'POST' ? taken : { body: { coverRequests: [request(1)] } }));
    renderWithProviders(<CoverRequestsPage />);
    await userEvent.click(await screen.findByRole('button', { name: 'Take this shift' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Someone else has already taken this shift.');
  });

  it('shows the empty state', async () => {
    mockFetch(() => ({ body: { coverRequests: [] } }));
    renderWithProviders(<CoverRequestsPage />);
    expect(await screen.findByText('Nobody has asked you to cover a shift.')).toBeInTheDocument();
  });

  it('tells the organiser how many were asked', async () => {
    const { calls } = mockFetch(() => ({
      status: 201,
      body: {
        success: true,
        _csrf: 'x',
        coverRequest: { id: 4, eventId: 5, shiftId: 7, state: 'open', askedCount: 3, createdAt: '' },
      },
    }));
    renderWithProviders(<AskForCoverButton eventId={5} shift={{ id: 7, title: 'Tickets' }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Ask for cover: Tickets' }));
    expect(await screen.findByText('Asked 3 people to cover Tickets.')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: 'POST' });
    expect(calls[0].url).toMatch(/\/api\/event\/5\/shifts\/7\/cover-requests$/);
  });

  const asked = {
    status: 201,
    body: {
      success: true,
      _csrf: 'x',
      coverRequest: { id: 4, eventId: 5, shiftId: 7, state: 'open', askedCount: 3, createdAt: '' },
    },
  };

  it('shows the open request it asked and withdraws it after a confirm; then it can ask again', async () => {
    const { calls } = mockFetch((call) => (call.method === 'DELETE' ? { body: { success: true, _csrf: 'y' } } : asked));
    renderWithProviders(<AskForCoverButton eventId={5} shift={{ id: 7, title: 'Tickets' }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Ask for cover: Tickets' }));
    expect(await screen.findByText('Cover asked · 3 asked')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ask for cover: Tickets' })).toBeNull();

    await userEvent.click(screen.getByRole('button', { name: 'Withdraw the cover request for Tickets' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw the cover request for Tickets?' });
    expect(dialog).toHaveAccessibleDescription(
      'The 3 people asked can no longer take the place. You can ask again later.',
    );
    // Cancel sends nothing.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((call) => call.method === 'DELETE')).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Withdraw the cover request for Tickets' }));
    const again = await screen.findByRole('dialog', { name: 'Withdraw the cover request for Tickets?' });
    await userEvent.click(within(again).getByRole('button', { name: 'Withdraw request' }));
    expect(await screen.findByText('The cover request for Tickets is withdrawn.')).toBeInTheDocument();
    const withdrawals = calls.filter((call) => call.method === 'DELETE');
    expect(withdrawals).toHaveLength(1);
    expect(withdrawals[0].url).toMatch(/\/api\/event\/5\/cover-requests\/4$/);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText('Cover asked · 3 asked')).toBeNull();
    expect(screen.getByRole('button', { name: 'Ask for cover: Tickets' })).toBeInTheDocument();
  });

  it('shows the open request the board read (after a reload) and withdraws it; the board’s stale copy no longer shows it', async () => {
    const { calls } = mockFetch(() => ({ body: { success: true, _csrf: 'y' } }));
    const openRequest = {
      id: 9,
      eventId: 5,
      shiftId: 7,
      state: 'open' as const,
      askedCount: 2,
      createdAt: '2026-11-26T09:00:00.000Z',
    };
    renderWithProviders(
      <AskForCoverButton eventId={5} shift={{ id: 7, title: 'Tickets' }} openRequest={openRequest} />,
    );
    expect(screen.getByText('Cover asked · 2 asked')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ask for cover: Tickets' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw the cover request for Tickets' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw the cover request for Tickets?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw request' }));
    expect(await screen.findByText('The cover request for Tickets is withdrawn.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      expect.stringMatching(/\/api\/event\/5\/cover-requests\/9$/),
    ]);
    // The prop still holds the board's copy until the board reads again: the withdrawal is newer.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByText('Cover asked · 2 asked')).toBeNull();
    expect(screen.getByRole('button', { name: 'Ask for cover: Tickets' })).toBeInTheDocument();
  });

  it('shows and says why a withdrawal was refused, in the reader’s words for the server’s code', async () => {
    mockFetch((call) => (call.method === 'DELETE' ? taken : asked));
    renderWithProviders(<AskForCoverButton eventId={5} shift={{ id: 7, title: 'Tickets' }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Ask for cover: Tickets' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Withdraw the cover request for Tickets' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw the cover request for Tickets?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw request' }));
    expect(await within(dialog).findByText('Someone else has already taken this shift.')).toBeInTheDocument();
    expect(screen.getByTestId('form-error-announcer')).toHaveTextContent(/\S/);
    // Taken: the request is no longer shown as open once the dialog is closed.
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByText('Cover asked · 3 asked')).toBeNull();
  });
});
