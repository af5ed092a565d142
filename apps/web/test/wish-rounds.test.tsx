import type { WishRound } from '@funkis/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { WishRoundPage } from '../src/features/scheduling/components/wish-rounds/wish-round-page';
import { mockFetch, renderWithProviders } from './test-utils';

const shift = (id: number, title: string, day: number) => ({
  id,
  title,
  location: 'Field',
  startsAt: `2031-07-0${day}T10:00:00.000Z`,
  endsAt: `2031-07-0${day}T14:00:00.000Z`,
  capacity: 2,
  taken: 0,
  groupId: 1,
});

const round = (overrides: Partial<WishRound> = {}): WishRound => ({
  id: 7,
  eventId: 5,
  title: 'Summer round',
  group: { id: 1, name: 'Crew' },
  closesAt: '2031-06-01T10:00:00.000Z',
  minShifts: 1,
  maxShifts: 3,
  options: { experienced: false, friends: true, fillToMinimum: false },
  status: 'open',
  createdAt: '2031-05-01T10:00:00.000Z',
  publishedAt: null,
  wishCount: null,
  shifts: [shift(11, 'Gate', 3), shift(12, 'Bar', 4), shift(13, 'Kitchen', 5)],
  seed: 42,
  myWishes: null,
  preview: null,
  ...overrides,
});

describe('wish round', () => {
  it('a volunteer ranks shifts with buttons, marks one they cannot do and saves: the call carries the order', async () => {
    const { calls } = mockFetch((call) =>
      call.method === 'POST'
        ? {
            body: {
              wishes: { ranked: [12, 11], cannot: [13], count: 2, friendCode: 'ABCD2345', friend: null },
            },
          }
        : { body: { round: round() } },
    );
    renderWithProviders(<WishRoundPage eventId={5} roundId={7} roleLevel={2} timeZone="Europe/Stockholm" />);
    expect(await screen.findByTestId('ranked-empty')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add Gate to my wishes' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add Bar to my wishes' }));
    await userEvent.click(screen.getByRole('button', { name: 'Move Bar up' }));
    const ranked = within(screen.getByTestId('ranked-list')).getAllByRole('listitem');
    expect(ranked.map((item) => item.textContent?.match(/Gate|Bar/)?.[0])).toEqual(['Bar', 'Gate']);
    expect(screen.getByRole('button', { name: 'Move Bar up' })).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'I cannot do Kitchen' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'How many shifts will you do?' }));
    await userEvent.click(screen.getByRole('option', { name: '2' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save my wishes' }));
    expect(await screen.findByText('Your wishes are saved.')).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.url).toMatch(/\/api\/event\/5\/wish-rounds\/7\/wishes$/);
    expect(post?.body).toEqual({ ranked: [12, 11], cannot: [13], count: 2 });
    expect(await screen.findByTestId('my-friend-code')).toHaveTextContent('ABCD2345');
  });

  it('an organiser allocates with the random number typed and sees the preview; a bad number is refused here', async () => {
    const preview = {
      assignments: [
        { shiftId: 11, eventUserId: 1, rank: 1 },
        { shiftId: 12, eventUserId: 2, rank: 2 },
      ],
      unmet: [{ eventUserId: 2, shiftId: 11, reason: 'fairness' as const }],
      stats: {
        volunteers: 2,
        places: 6,
        placesFilled: 2,
        emptyPlaces: 4,
        wishes: 3,
        wishesMet: 2,
        firstWishShare: 0.5,
        metByRank: [1, 1],
        belowMinimum: [],
        shiftsWithoutExperienced: 0,
        friendsTogether: 0,
        friendPairs: 0,
        durationMs: 3,
        seed: 99,
      },
      options: { experienced: false, friends: true, fillToMinimum: false },
      people: [
        { eventUserId: 1, firstname: 'Ada', lastname: 'A', position: 2, wanted: 1, got: 1, minimum: 1 },
        { eventUserId: 2, firstname: 'Bo', lastname: 'B', position: 1, wanted: 1, got: 1, minimum: 1 },
      ],
      createdAt: '2031-05-02T10:00:00.000Z',
    };
    let allocated = false;
    const { calls } = mockFetch((call) => {
      if (call.method === 'POST') {
        allocated = true;
        return { body: { preview } };
      }
      return { body: { round: round({ wishCount: 2, preview: allocated ? preview : null }) } };
    });
    renderWithProviders(<WishRoundPage eventId={5} roundId={7} roleLevel={0} timeZone="Europe/Stockholm" />);
    expect(await screen.findByTestId('wish-count')).toHaveTextContent('2 people have made wishes.');
    expect(screen.queryByRole('heading', { name: 'Your wishes' })).toBeNull();
    const seed = screen.getByRole('textbox', { name: 'Random number' });
    await userEvent.clear(seed);
    await userEvent.type(seed, '12x');
    await userEvent.click(screen.getByRole('button', { name: 'Allocate (preview)' }));
    expect(await screen.findByText(/The random number must be a whole number/)).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);
    await userEvent.clear(seed);
    await userEvent.type(seed, '99');
    await userEvent.click(screen.getByRole('button', { name: 'Allocate (preview)' }));
    const shown = await screen.findByTestId('allocation-preview');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      seed: 99,
      options: { experienced: false, friends: true, fillToMinimum: false },
    });
    expect(within(shown).getByTestId('first-wish-share')).toHaveTextContent('50%');
    expect(within(shown).getByTestId('places-filled')).toHaveTextContent('2 of 6');
    expect(within(shown).getByText('Ada A')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Publish' })).toBeEnabled();
  });

  it('a participant of a published round sees what they got and why a wish was not met', async () => {
    mockFetch((call) =>
      call.url.endsWith('/my-result')
        ? { body: { assigned: [12], unmet: [{ shiftId: 11, reason: 'rest' }], position: 3, seed: 42 } }
        : {
            body: {
              round: round({
                status: 'published',
                myWishes: { ranked: [11, 12], cannot: [], count: 2, friendCode: 'ABCD2345', friend: null },
              }),
            },
          },
    );
    renderWithProviders(<WishRoundPage eventId={5} roundId={7} roleLevel={2} timeZone="Europe/Stockholm" />);
    const result = await screen.findByTestId('my-result');
    expect(within(result).getByTestId('result-assigned')).toHaveTextContent('Bar');
    expect(within(result).getByTestId('result-unmet')).toHaveTextContent(
      'too little rest between it and a shift you got',
    );
    expect(within(result).getByTestId('result-draw')).toHaveTextContent('you were number 3');
  });
});
