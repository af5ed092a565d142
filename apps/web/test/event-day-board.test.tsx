import type { Board, BoardShift } from '@funkis/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { countStates, groupBoard } from '../src/features/event-day/components/board-grouping';
import { BoardPage } from '../src/features/event-day/components/board-page';
import { mockFetch, renderWithProviders } from './test-utils';

const shift = (id: number, overrides: Partial<BoardShift>): BoardShift => ({
  id,
  title: `Shift ${id}`,
  location: 'North gate',
  group: null,
  startsAt: '2026-11-26T10:00:00.000Z',
  endsAt: '2026-11-26T12:00:00.000Z',
  capacity: 3,
  people: [],
  coverRequest: null,
  ...overrides,
});

const gate = { id: 1, name: 'Gate crew' };
const bar = { id: 2, name: 'Bar' };
const shifts: BoardShift[] = [
  shift(1, {
    title: 'Tickets',
    location: 'North gate',
    group: gate,
    people: [
      { eventUserId: 11, firstname: 'Ada', lastname: 'Berg', state: 'arrived' },
      { eventUserId: 12, firstname: 'Bo', lastname: 'Ek', state: 'late' },
    ],
  }),
  shift(2, {
    title: 'Drinks',
    location: 'Main tent',
    group: bar,
    startsAt: '2026-11-26T11:00:00.000Z',
    people: [
      { eventUserId: 13, firstname: 'Cai', lastname: 'Lund', state: 'no_show' },
      { eventUserId: 14, firstname: 'Dan', lastname: 'Ros', state: 'left' },
      { eventUserId: 15, firstname: 'Eva', lastname: 'Sten', state: 'expected' },
    ],
  }),
  shift(3, { title: 'Wristbands', location: 'North gate', group: bar, startsAt: '2026-11-26T09:30:00.000Z' }),
  shift(4, { title: 'Floating', location: '', group: null }),
];

const board = (list: BoardShift[]): Board => ({
  shifts: list,
  from: '2026-11-26T10:00:00.000Z',
  to: '2026-11-26T12:00:00.000Z',
  lateAfterMinutes: 10,
  now: '2026-11-26T10:30:00.000Z',
});

describe('the live board', () => {
  it('groups by location or by group, named sections first, shifts by start', () => {
    expect(
      groupBoard(shifts, 'location').map((section) => [section.label, section.shifts.map((s) => s.title)]),
    ).toEqual([
      ['Main tent', ['Drinks']],
      ['North gate', ['Wristbands', 'Tickets']],
      [null, ['Floating']],
    ]);
    expect(groupBoard(shifts, 'group').map((section) => [section.label, section.shifts.map((s) => s.id)])).toEqual([
      ['Bar', [3, 2]],
      ['Gate crew', [1]],
      [null, [4]],
    ]);
  });

  it('counts the places in each state', () => {
    expect(countStates(shifts)).toEqual({ expected: 1, arrived: 1, late: 1, no_show: 1, left: 1 });
  });

  it('shows each person with the word of their state, the counts and places filled, and regroups', async () => {
    const { calls } = mockFetch(() => ({ body: board(shifts) }));
    renderWithProviders(<BoardPage eventId={5} eventName="Summer fest" />);
    const tickets = await screen.findByTestId('board-shift-1');
    expect(within(tickets).getByText('Ada Berg · Arrived')).toBeInTheDocument();
    expect(within(tickets).getByText('Bo Ek · Late')).toBeInTheDocument();
    expect(within(tickets).getByText('2/3 places filled')).toBeInTheDocument();
    const drinks = screen.getByTestId('board-shift-2');
    expect(within(drinks).getByText('Cai Lund · No-show')).toBeInTheDocument();
    expect(within(drinks).getByText('Dan Ros · Left')).toBeInTheDocument();
    expect(within(drinks).getByText('Eva Sten · Expected')).toBeInTheDocument();
    const counts = screen.getByRole('group', { name: 'Counts by status' });
    for (const word of ['Expected · 1', 'Arrived · 1', 'Late · 1', 'No-show · 1', 'Left · 1']) {
      expect(within(counts).getByText(word)).toBeInTheDocument();
    }
    expect(screen.getByTestId('board-updated')).toHaveTextContent(/^Updated \d\d:\d\d:\d\d/);
    expect(calls[0]?.url).toContain('/event/5/board');

    const headings = () => screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings()).toEqual(['Main tent', 'North gate', 'No location']);
    await userEvent.click(screen.getByRole('button', { name: 'Group' }));
    expect(headings()).toEqual(['Bar', 'Gate crew', 'No group']);
    expect(screen.getByRole('button', { name: 'Group' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('says when there are no shifts now or in the next two hours', async () => {
    mockFetch(() => ({ body: board([]) }));
    renderWithProviders(<BoardPage eventId={5} eventName="Summer fest" />);
    expect(await screen.findByText('No shifts now or in the next two hours.')).toBeInTheDocument();
  });

  it('shows a load error with a retry', async () => {
    mockFetch(() => ({ status: 500, body: { errors: [{ code: 'error.internal' }] } }));
    renderWithProviders(<BoardPage eventId={5} eventName="Summer fest" />);
    expect(await screen.findByTestId('board-error')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
