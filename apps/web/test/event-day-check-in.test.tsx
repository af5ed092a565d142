import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { CheckInShift } from '../src/features/event-day/api/get-person';
import { CheckInPage } from '../src/features/event-day/components/check-in-page';
import { PersonCard } from '../src/features/event-day/components/person-card';
import { QUEUE_STORAGE_KEY, readQueue } from '../src/features/event-day/offline-queue';
import { type FetchCall, mockFetch, renderWithProviders } from './test-utils';

const gateShift: CheckInShift = {
  id: 31,
  title: 'Gate watch',
  location: 'North gate',
  startsAt: '2026-11-26T10:00:00.000Z',
  endsAt: '2026-11-26T12:00:00.000Z',
  state: 'late',
};
const barShift: CheckInShift = { ...gateShift, id: 32, title: 'Bar', location: 'Tent', state: 'expected' };

const ada = { eventUserId: 3, firstname: 'Ada', lastname: 'Berg', group: { id: 4, name: 'Gate crew' } };

const checkIn = (overrides: Record<string, unknown> = {}) => ({
  checkIn: {
    id: 90,
    eventUserId: 3,
    shiftId: 31,
    kind: 'arrive',
    at: new Date().toISOString(),
    recordedAt: new Date().toISOString(),
    applied: true,
    undone: false,
    person: ada,
    ...overrides,
  },
});

describe('the check-in card', () => {
  it('names the person, their group and whether they are on site, with each open shift and its state', () => {
    renderWithProviders(
      <PersonCard name="Ada Berg" groupName="Gate crew" onSite shifts={[gateShift, barShift]} onAction={() => {}} />,
    );
    const card = screen.getByTestId('person-card');
    expect(within(card).getByRole('heading', { name: 'Ada Berg' })).toBeInTheDocument();
    expect(within(card).getByText('Gate crew')).toBeInTheDocument();
    expect(within(card).getByText('On site')).toBeInTheDocument();
    expect(within(screen.getByTestId('card-shift-31')).getByText('Late')).toBeInTheDocument();
    expect(within(screen.getByTestId('card-shift-32')).getByText('Expected')).toBeInTheDocument();
  });

  it('records arrival and leaving at the event and for each shift, by keyboard too', async () => {
    const onAction = vi.fn();
    renderWithProviders(
      <PersonCard name="Ada Berg" groupName={null} onSite={false} shifts={[gateShift, barShift]} onAction={onAction} />,
    );
    expect(screen.getByText('Not on site')).toBeInTheDocument();
    expect(screen.getByText('No group')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Arrived at the event' }));
    await userEvent.click(screen.getByRole('button', { name: 'Left the event' }));
    await userEvent.click(
      within(screen.getByTestId('card-shift-32')).getByRole('button', { name: 'Arrived for this shift' }),
    );
    within(screen.getByTestId('card-shift-31')).getByRole('button', { name: 'Left this shift' }).focus();
    await userEvent.keyboard('{Enter}');
    expect(onAction.mock.calls.map(([action]) => [action.kind, action.shift?.id ?? null])).toEqual([
      ['arrive', null],
      ['leave', null],
      ['arrive', 32],
      ['leave', 31],
    ]);
  });

  it('says when there is no shift open now', () => {
    renderWithProviders(<PersonCard name="Ada Berg" groupName="Gate crew" onSite shifts={[]} onAction={() => {}} />);
    expect(screen.getByText('No shift open for check-in now.')).toBeInTheDocument();
  });
});

describe('the check-in screen', () => {
  const serve = (answer: (call: FetchCall) => { status?: number; body?: unknown } | undefined) =>
    mockFetch((call) => {
      const given = answer(call);
      if (given) return given;
      if (call.url.includes('/check-ins/search')) return { body: { people: [ada] } };
      if (call.url.includes('/check-ins/person'))
        return { body: { person: { ...ada, onSite: true, shifts: [gateShift] } } };
      return { status: 404, body: {} };
    });

  const findAda = async () => {
    await userEvent.type(screen.getByRole('searchbox', { name: 'Name' }), 'Ad');
    await userEvent.click(await screen.findByRole('button', { name: /Ada Berg/ }));
    return screen.findByTestId('person-card');
  };

  it('finds a person by name, records "arrived for this shift", says so and offers undo', async () => {
    const { calls } = serve((call) => {
      if (call.method === 'POST' && call.url.endsWith('/event/5/check-ins')) return { status: 201, body: checkIn() };
      if (call.method === 'DELETE') return { body: checkIn({ undone: true }) };
      return undefined;
    });
    renderWithProviders(<CheckInPage eventId={5} caller={{ roleLevel: 0, groupId: null }} />);
    const card = await findAda();
    expect(calls.find((call) => call.url.includes('/check-ins/search'))?.url).toContain('q=Ad');
    expect(calls.find((call) => call.url.includes('/check-ins/person'))?.url).toContain('eventUserId=3');
    await userEvent.click(within(card).getByRole('button', { name: 'Arrived for this shift' }));
    expect(await screen.findByTestId('check-in-result')).toHaveTextContent('Ada Berg arrived for Gate watch.');
    await waitFor(() =>
      expect(screen.getByTestId('check-in-live')).toHaveTextContent('Ada Berg arrived for Gate watch.'),
    );
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toMatchObject({ eventUserId: 3, shiftId: 31, kind: 'arrive' });
    expect((post?.body as { clientId?: string } | undefined)?.clientId).toMatch(/^[A-Za-z0-9_-]+$/);

    await userEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(screen.getByTestId('check-in-live')).toHaveTextContent('Undone.'));
    expect(calls.some((call) => call.method === 'DELETE' && call.url.endsWith('/event/5/check-ins/90'))).toBe(true);
  });

  it('tells the scanner when someone else decided later and theirs stands', async () => {
    serve((call) =>
      call.method === 'POST' ? { status: 201, body: checkIn({ applied: false, shiftId: null }) } : undefined,
    );
    renderWithProviders(<CheckInPage eventId={5} caller={{ roleLevel: 0, groupId: null }} />);
    const card = await findAda();
    await userEvent.click(within(card).getByRole('button', { name: 'Arrived at the event' }));
    expect(await screen.findByTestId('check-in-result')).toHaveTextContent(
      'Someone else recorded a later decision for Ada Berg; theirs stands.',
    );
  });

  it('shows the server’s refusal in words', async () => {
    serve((call) =>
      call.method === 'POST'
        ? { status: 400, body: { errors: [{ code: 'error.checkInNotOnShift' }], errorMessages: ['x'] } }
        : undefined,
    );
    renderWithProviders(<CheckInPage eventId={5} caller={{ roleLevel: 0, groupId: null }} />);
    const card = await findAda();
    await userEvent.click(within(card).getByRole('button', { name: 'Arrived for this shift' }));
    expect(await screen.findByTestId('check-in-problem')).toHaveTextContent('This person has no place on that shift.');
  });

  it('keeps a check-in on the phone when offline, says how many wait, and sends them when back online', async () => {
    let online = true;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    const { calls } = serve((call) =>
      call.method === 'POST' ? { status: 200, body: checkIn({ shiftId: null }) } : undefined,
    );
    renderWithProviders(<CheckInPage eventId={5} caller={{ roleLevel: 0, groupId: null }} />);
    const card = await findAda();
    online = false;
    await userEvent.click(within(card).getByRole('button', { name: 'Arrived at the event' }));
    await userEvent.click(within(card).getByRole('button', { name: 'Left the event' }));
    expect(await screen.findByTestId('check-in-queue')).toHaveTextContent(
      'Saved on this phone – will be sent when you are back online (2 waiting)',
    );
    expect(readQueue().map((item) => item.input.kind)).toEqual(['arrive', 'leave']);
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    online = true;
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByTestId('check-in-sent')).toHaveTextContent('2 check-ins saved on this phone were sent.');
    const posts = calls
      .filter((call) => call.method === 'POST')
      .map((call) => call.body as { kind: string; at: string });
    expect(posts.map((body) => body.kind)).toEqual(['arrive', 'leave']);
    expect(posts.every((body) => typeof body.at === 'string')).toBe(true);
    expect(window.localStorage.getItem(QUEUE_STORAGE_KEY)).toBeNull();
    expect(screen.queryByTestId('check-in-queue')).not.toBeInTheDocument();
  });
  it('lets an admin replace a lost code; a leader does not see it and may check in only their group', async () => {
    const { calls } = serve((call) => (call.url.includes('/code/revoke') ? { body: { success: true } } : undefined));
    const { unmount } = renderWithProviders(<CheckInPage eventId={5} caller={{ roleLevel: 0, groupId: null }} />);
    await findAda();
    await userEvent.click(screen.getByRole('button', { name: 'Replace the code (lost badge)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Replace the code of Ada Berg?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Replace the code' }));
    await waitFor(() =>
      expect(screen.getByTestId('check-in-live')).toHaveTextContent('The code of Ada Berg was replaced.'),
    );
    expect(calls.some((call) => call.method === 'POST' && call.url.endsWith('/event/5/users/3/code/revoke'))).toBe(
      true,
    );
    unmount();

    renderWithProviders(<CheckInPage eventId={5} caller={{ roleLevel: 1, groupId: 9 }} />);
    const card = await findAda();
    expect(screen.queryByRole('button', { name: 'Replace the code (lost badge)' })).not.toBeInTheDocument();
    // Ada is in group 4, not the leader's group 9: the buttons are there but refused.
    expect(within(card).getByRole('button', { name: 'Arrived at the event' })).toBeDisabled();
  });
});
