import { HOURS_EXPORT_COLUMNS, type ShiftBlock } from '@funkis/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { EventZoneProvider } from '../src/features/scheduling/components/event-zone';
import { viewerTimeZone } from '../src/features/scheduling/components/format';
import { HoursView } from '../src/features/scheduling/components/hours-view';
import { dayStart } from '../src/features/scheduling/components/period';
import { TimelineView } from '../src/features/scheduling/components/timeline-view';
import { columnChoiceStorageKey } from '../src/hooks/use-column-choice';
import { mockFetch, renderWithProviders, testUser } from './test-utils';

/** Local times, so the test holds in any time zone the runner has. */
const at = (day: string, hour: number) => new Date(dayStart(day).getTime() + hour * 3_600_000).toISOString();

const block = (id: number, overrides: Partial<ShiftBlock>): ShiftBlock => ({
  id,
  title: `Shift ${id}`,
  location: 'Main stage',
  startsAt: at('2030-07-03', 8),
  endsAt: at('2030-07-03', 12),
  capacity: 4,
  group: { id: 1, name: 'Stage' },
  filled: 1,
  mine: false,
  ...overrides,
});

describe('the timeline', () => {
  it('draws blocks by location for the week, coverage per day and group, and opens a block from the keyboard', async () => {
    const blocks = [
      block(1, { title: 'Build', filled: 4 }),
      block(2, { title: 'Bar', location: 'Bar tent', group: { id: 2, name: 'Bar' }, filled: 0, capacity: 2 }),
      block(3, { title: 'Lights', startsAt: at('2030-07-04', 13), endsAt: at('2030-07-04', 15), filled: 1 }),
    ];
    const { calls } = mockFetch(() => ({ body: { shifts: blocks } }));
    const onOpen = vi.fn();
    renderWithProviders(
      <TimelineView
        eventId={7}
        period={{ span: 'week', start: dayStart('2030-07-01') }}
        rows="location"
        organiser
        onPeriodChange={() => {}}
        onRowsChange={() => {}}
        onOpen={onOpen}
      />,
      { user: testUser },
    );
    const build = await screen.findByRole('button', { name: /^Build, .*Main stage: 4 of 4 places filled/ });
    expect(screen.getByRole('button', { name: /^Bar, .*Bar tent: 0 of 2 places filled/ })).toBeInTheDocument();
    const url = new URL(calls[0].url, 'http://localhost');
    expect(url.pathname).toBe('/api/event/7/scheduling/timeline');
    expect(url.searchParams.get('from')).toBe(dayStart('2030-07-01').toISOString());
    expect(url.searchParams.get('to')).toBe(dayStart('2030-07-08').toISOString());

    const coverage = screen.getByTestId('coverage-table');
    const stage = within(coverage).getByRole('row', { name: /Stage/ });
    // 3 July: Build 4/4; 4 July: Lights 1/4.
    expect(
      within(stage)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['–', '–', '4/4', '1/4', '–', '–', '–']);

    build.focus();
    await userEvent.keyboard('{Enter}');
    expect(onOpen).toHaveBeenCalledWith(blocks[0]);
  });
});

describe("the timeline in the event's zone", () => {
  // An event far from the runner's zone: its 09:00 on 3 July is 2 July 21:00 UTC (NZST, +12:00).
  const zone = viewerTimeZone() === 'Pacific/Auckland' ? 'America/New_York' : 'Pacific/Auckland';
  const startsAt = new Date(Date.UTC(2030, 6, 3, 9) - (zone === 'Pacific/Auckland' ? 12 : -4) * 3_600_000);
  const shift = block(1, {
    title: 'Gate',
    startsAt: startsAt.toISOString(),
    endsAt: new Date(startsAt.getTime() + 4 * 3_600_000).toISOString(),
  });
  const render = (span: 'day' | 'week', day: string) => {
    const { calls } = mockFetch(() => ({ body: { shifts: [shift] } }));
    renderWithProviders(
      <EventZoneProvider value={zone}>
        <TimelineView
          eventId={7}
          period={{ span, start: dayStart(day, zone) }}
          rows="location"
          organiser
          onPeriodChange={() => {}}
          onRowsChange={() => {}}
          onOpen={() => {}}
        />
      </EventZoneProvider>,
      { user: testUser },
    );
    return calls;
  };

  it("cuts the day at the event's midnight and labels hours and blocks in its time", async () => {
    const calls = render('day', '2030-07-03');
    const gate = await screen.findByTestId('timeline-shift-1');
    const url = new URL(calls[0].url, 'http://localhost');
    const midnight = Date.UTC(2030, 6, 3) - (zone === 'Pacific/Auckland' ? 12 : -4) * 3_600_000;
    expect(url.searchParams.get('from')).toBe(new Date(midnight).toISOString());
    expect(url.searchParams.get('to')).toBe(new Date(midnight + 24 * 3_600_000).toISOString());
    expect(gate.textContent).toMatch(/09:00/);
    expect(gate).toHaveAccessibleName(/Wed, Jul 3, 09:00/);
    // The hour axis starts at the shift's hour, in the event's time.
    const region = screen.getByRole('region', { name: /by location/i });
    expect(within(region).getAllByText(/^\d{2}:\d{2}/)[0].textContent).toMatch(/^09:00/);
    // The day's field is the app's date picker, in the app's language (English here).
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Starting' })).toHaveValue('07/03/2030'));
  });

  it("counts coverage on the event's day in the week", async () => {
    render('week', '2030-07-01');
    await screen.findByTestId('timeline-shift-1');
    const stage = within(screen.getByTestId('coverage-table')).getByRole('row', { name: /Stage/ });
    expect(
      within(stage)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['–', '–', '1/4', '–', '–', '–', '–']);
  });
});

const hoursRow = {
  eventUserId: 5,
  firstname: 'Tove',
  lastname: 'Timeline',
  email: 'tove@example.test',
  group: { id: 1, name: 'Stage' },
  shifts: 2,
  arrived: 1,
  noShow: 0,
  minutes: 330,
};

describe('hours per volunteer', () => {
  it('lists the hours and links the exports with the filters', async () => {
    mockFetch((call) => {
      if (call.url.includes('/groups')) return { body: { groups: [], total: 0 } };
      return {
        body: {
          rows: [hoursRow],
          total: 1,
        },
      };
    });
    renderWithProviders(<HoursView eventId={7} admin />, { user: testUser });
    const row = await screen.findByRole('row', { name: /Tove Timeline/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Tove', 'Timeline', 'tove@example.test', 'Stage', '2', '1', '0', '5.5']);
    await userEvent.click(screen.getByLabelText('Count only shifts marked arrived'));
    expect(screen.getByRole('link', { name: 'Export CSV (;)' })).toHaveAttribute(
      'href',
      '/api/event/7/scheduling/hours/export?format=csv&delimiter=semicolon&arrivedOnly=1',
    );
    expect(screen.getByRole('link', { name: 'Export XLSX' })).toHaveAttribute(
      'href',
      '/api/event/7/scheduling/hours/export?format=xlsx&arrivedOnly=1',
    );
  });

  it('shows and exports the columns chosen, like the users table, and remembers the choice per event', async () => {
    mockFetch((call) => {
      if (call.url.includes('/groups')) return { body: { groups: [], total: 0 } };
      return { body: { rows: [hoursRow], total: 1 } };
    });
    renderWithProviders(<HoursView eventId={7} admin={false} />, { user: testUser });
    await screen.findByRole('row', { name: /Tove/ });
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    await userEvent.click(screen.getByRole('menuitemcheckbox', { name: 'Email' }));
    await userEvent.click(screen.getByRole('menuitemcheckbox', { name: 'Shifts' }));
    await userEvent.click(screen.getByRole('menuitemcheckbox', { name: 'No-show' }));
    expect(screen.getByRole('menuitemcheckbox', { name: 'Email' })).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByRole('menuitemcheckbox', { name: 'Hours' })).toHaveAttribute('aria-checked', 'true');
    await userEvent.keyboard('{Escape}');
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'First name',
      'Last name',
      'Group',
      'Arrived',
      'Hours',
    ]);
    expect(
      within(screen.getByRole('row', { name: /Tove/ }))
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['Tove', 'Timeline', 'Stage', '1', '5.5']);
    const xlsx = new URL(screen.getByRole('link', { name: 'Export XLSX' }).getAttribute('href') ?? '', 'http://x');
    expect(xlsx.pathname).toBe('/api/event/7/scheduling/hours/export');
    expect(xlsx.searchParams.get('format')).toBe('xlsx');
    expect(xlsx.searchParams.get('columns')).toBe('firstname,lastname,group,arrived,hours');
    const csv = new URL(screen.getByRole('link', { name: 'Export CSV (;)' }).getAttribute('href') ?? '', 'http://x');
    expect(csv.searchParams.get('delimiter')).toBe('semicolon');
    expect(csv.searchParams.get('columns')).toBe('firstname,lastname,group,arrived,hours');
    expect(JSON.parse(window.localStorage.getItem(columnChoiceStorageKey('hours', 7)) ?? '{}')).toEqual({
      email: false,
      shifts: false,
      noShow: false,
    });
  });

  it('offers no export while no column is chosen, and starts from the remembered choice', async () => {
    window.localStorage.setItem(
      columnChoiceStorageKey('hours', 7),
      JSON.stringify(Object.fromEntries(HOURS_EXPORT_COLUMNS.map((column) => [column, column === 'hours']))),
    );
    mockFetch(() => ({ body: { rows: [hoursRow], total: 1 } }));
    renderWithProviders(<HoursView eventId={7} admin={false} />, { user: testUser });
    await screen.findByRole('row', { name: /5\.5/ });
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Hours']);
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    await userEvent.click(screen.getByRole('menuitemcheckbox', { name: 'Hours' }));
    await userEvent.keyboard('{Escape}');
    expect(await screen.findByText('Choose at least one column to show and export.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Export CSV' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export CSV' })).toHaveAttribute('aria-disabled', 'true');
  });
});

describe('the week timeline beside the sidebar', () => {
  it('shows that more days lie to the side when the week does not fit, and scrolls to them', async () => {
    const widths = vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockImplementation(function (
      this: HTMLElement,
    ) {
      return this.getAttribute('role') === 'region' ? 1200 : 0;
    });
    const visible = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(function (
      this: HTMLElement,
    ) {
      return this.getAttribute('role') === 'region' ? 800 : 0;
    });
    const scrollBy = vi.fn();
    Object.defineProperty(HTMLElement.prototype, 'scrollBy', { value: scrollBy, configurable: true });
    try {
      mockFetch(() => ({
        body: { shifts: [block(1, { startsAt: at('2030-07-07', 8), endsAt: at('2030-07-07', 12) })] },
      }));
      renderWithProviders(
        <TimelineView
          eventId={7}
          period={{ span: 'week', start: dayStart('2030-07-01') }}
          rows="location"
          organiser={false}
          onPeriodChange={() => {}}
          onRowsChange={() => {}}
          onOpen={() => {}}
        />,
        { user: testUser },
      );
      await screen.findByRole('button', { name: /^Shift 1, / });
      const more = await screen.findByRole('button', { name: 'More days to the side' });
      await userEvent.click(more);
      expect(scrollBy).toHaveBeenCalledWith(expect.objectContaining({ left: 640 }));
      expect(screen.queryByRole('button', { name: 'Earlier days' })).not.toBeInTheDocument();
    } finally {
      widths.mockRestore();
      visible.mockRestore();
      delete (HTMLElement.prototype as { scrollBy?: unknown }).scrollBy;
    }
  });
});

describe('volunteers with no shift', () => {
  it('searches by name or e-mail and by group on the server, and shows the e-mail to tell two Anna Bergs apart', async () => {
    const { OpenPlacesView } = await import('../src/features/scheduling/components/open-places-view');
    const anna = (eventUserId: number, email: string) => ({
      eventUserId,
      userId: eventUserId + 100,
      firstname: 'Anna',
      lastname: 'Berg',
      email,
      group: { id: 3, name: 'Bar' },
    });
    const { calls } = mockFetch((call) => {
      if (call.url.includes('/groups'))
        return { body: { groups: [{ id: 3, name: 'Bar', description: '', memberCount: 2, wanted: null }], total: 1 } };
      if (call.url.includes('/not-full')) return { body: { shifts: [], total: 0 } };
      return { body: { users: [anna(1, 'anna.b@example.test'), anna(2, 'anna.berg@example.test')], total: 2 } };
    });
    renderWithProviders(<OpenPlacesView eventId={7} admin onOpen={() => {}} run={async () => {}} />, {
      user: testUser,
    });
    const list = await screen.findByTestId('without-shift-list');
    expect(await within(list).findByText('anna.b@example.test · Bar')).toBeInTheDocument();
    expect(within(list).getByText('anna.berg@example.test · Bar')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Search by name or e-mail' }), 'anna.berg');
    await user.click(screen.getByRole('combobox', { name: 'Group' }));
    await user.click(await screen.findByRole('option', { name: 'Bar' }));
    await vi.waitFor(() => {
      const asked = calls
        .filter((call) => call.url.includes('/without-shift'))
        .map((call) => new URL(call.url, 'http://x').searchParams);
      expect(asked.some((query) => query.get('search') === 'anna.berg' && query.get('groupId') === '3')).toBe(true);
    });
  });
});

/** Where the screen navigated to, with the router state it handed over. */
function ShownLocation() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname} ${JSON.stringify(location.state)}`}</output>;
}

describe('volunteers with no shift: export and the actions on a selection', () => {
  const person = (eventUserId: number, firstname: string, lastname: string) => ({
    eventUserId,
    userId: eventUserId + 100,
    firstname,
    lastname,
    email: `${firstname.toLowerCase()}@example.test`,
    group: { id: 3, name: 'Bar' },
  });
  const people = [person(1, 'Anna', 'Berg'), person(2, 'Bo', 'Dahl'), person(3, 'Cleo', 'Ek')];
  const bar = block(9, { title: 'Bar shift', group: { id: 3, name: 'Bar' }, filled: 1, capacity: 2 });

  async function renderView(assign: (eventUserId: number) => { status?: number; body?: unknown }) {
    const { OpenPlacesView } = await import('../src/features/scheduling/components/open-places-view');
    const { calls } = mockFetch((call) => {
      if (call.url.includes('/groups'))
        return { body: { groups: [{ id: 3, name: 'Bar', description: '', memberCount: 3, wanted: null }], total: 1 } };
      if (call.url.includes('/not-full')) return { body: { shifts: [bar], total: 1 } };
      if (call.method === 'POST' && call.url.includes('/assignments'))
        return assign((call.body as { eventUserId: number }).eventUserId);
      return { body: { users: people, total: 3 } };
    });
    renderWithProviders(
      <>
        <OpenPlacesView eventId={7} admin onOpen={() => {}} run={async () => {}} />
        <ShownLocation />
      </>,
      { user: testUser, route: '/event/7/scheduling' },
    );
    await within(await screen.findByTestId('without-shift-list')).findByText('Anna Berg');
    return calls;
  }

  it("exports the list with the screen's search and group (the server selects the rows)", async () => {
    await renderView(() => ({ status: 500 }));
    const user = userEvent.setup();
    await user.type(screen.getByRole('searchbox', { name: 'Search by name or e-mail' }), 'berg');
    await user.click(screen.getByRole('combobox', { name: 'Group' }));
    await user.click(await screen.findByRole('option', { name: 'Bar' }));
    await vi.waitFor(() => {
      const href = screen.getByRole('link', { name: 'Export CSV (;)' }).getAttribute('href') ?? '';
      const url = new URL(href, 'http://x');
      expect(url.pathname).toBe('/api/event/7/scheduling/without-shift/export');
      expect(Object.fromEntries(url.searchParams)).toEqual({
        format: 'csv',
        delimiter: 'semicolon',
        search: 'berg',
        groupId: '3',
      });
    });
    const xlsx = new URL(screen.getByRole('link', { name: 'Export XLSX' }).getAttribute('href') ?? '', 'http://x');
    expect(xlsx.searchParams.get('format')).toBe('xlsx');
  });

  it('opens the mail composer with the selected people as receivers', async () => {
    await renderView(() => ({ status: 500 }));
    const user = userEvent.setup();
    expect(screen.queryByRole('button', { name: 'E-mail these people' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Select Anna Berg' }));
    await user.click(screen.getByRole('checkbox', { name: 'Select Cleo Ek' }));
    expect(screen.getByTestId('without-shift-selected')).toHaveTextContent('2 selected');
    await user.click(screen.getByRole('button', { name: 'E-mail these people' }));
    const [pathname, state] = (screen.getByTestId('location').textContent ?? '').split(/ (.*)/s);
    expect(pathname).toBe('/event/7/email/new');
    expect(JSON.parse(state)).toEqual({
      receivers: [
        { userId: 101, name: 'Anna Berg', email: 'anna@example.test' },
        { userId: 103, name: 'Cleo Ek', email: 'cleo@example.test' },
      ],
    });
  });

  it('assigns the selected people to one shift and says who was refused and why', async () => {
    const calls = await renderView((eventUserId) =>
      eventUserId === 2
        ? { status: 409, body: { success: false, errorMessages: ['This shift is full.'] } }
        : { status: 201, body: { assignment: { id: eventUserId, shiftId: 9, eventUserId } } },
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Select everyone on this page' }));
    expect(screen.getByTestId('without-shift-selected')).toHaveTextContent('3 selected');
    await user.click(screen.getByRole('button', { name: 'Assign to a shift' }));
    const dialog = await screen.findByRole('dialog', { name: 'Assign 3 people to a shift' });
    await user.click(within(dialog).getByRole('combobox', { name: 'Shift with places free' }));
    await user.click(await screen.findByRole('option', { name: /^Bar shift/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Assign' }));
    const outcome = await within(dialog).findByTestId('assign-many-outcome');
    expect(outcome).toHaveTextContent('2 people assigned to Bar shift. 1 person could not be assigned:');
    expect(within(outcome).getByTestId('assign-many-refusals')).toHaveTextContent('Bo Dahl: This shift is full.');
    await vi.waitFor(() => expect(outcome).toHaveFocus());
    const posted = calls.filter((call) => call.method === 'POST').map((call) => [call.url, call.body]);
    expect(posted).toEqual([1, 2, 3].map((eventUserId) => ['/api/event/7/shifts/9/assignments', { eventUserId }]));
    // Those placed leave the selection; the refused one stays chosen for another try.
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.getByTestId('without-shift-selected')).toHaveTextContent('1 selected');
  });
});
