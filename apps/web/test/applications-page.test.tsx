import type { ApplicationListResponse, EventDetail } from '@funkis/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApplicationsPage } from '../src/features/applications/components/applications-page';
import { columnChoiceStorageKey } from '../src/hooks/use-column-choice';
import { accessKeys, auditKeys, memberKeys } from '../src/lib/query-keys';
import en from '../src/locales/en/applications.json';
import sv from '../src/locales/sv/applications.json';
import { createTestQueryClient, type FetchCall, mockFetch, renderWithProviders, testUser } from './test-utils';

const weekConfig = {
  formFieldName: 'week',
  filterLabel: 'Camp week',
  columnLabel: 'Which week',
  options: [
    { value: 'w1', label: "Women's week" },
    { value: 'w2', label: "Men's week" },
  ],
};

const eventDetail = (roleLevel: 0 | 1 = 0): EventDetail => ({
  event: {
    id: 7,
    name: 'Camp',
    description: '',
    avatarUrl: null,
    status: 'ongoing',
    applicationsOpen: true,
    useWeekSeparation: true,
    weekSeparationConfig: weekConfig,
    startsAt: null,
    endsAt: null,
  } as EventDetail['event'],
  eventUser: {
    id: 1,
    userId: 1,
    role: { eventRole: { roleLevel }, eventGroup: roleLevel === 1 ? { id: 1, name: 'Kitchen' } : null },
  },
  eventForm: {
    fields: [
      { name: 'week', type: 'radio', label: 'Which week?', required: true, options: weekConfig.options },
      { name: 'size', type: 'text', label: 'T-shirt size', required: false },
    ],
  },
});

const counts = (pending: number, accepted: number) => ({
  pending,
  staged: 0,
  accepted,
  reserve: 0,
  rejected: 0,
  none: 0,
});

const listResponse = (): ApplicationListResponse => ({
  applications: [1, 2, 3].map((id) => ({
    id,
    user: { id: 100 + id, firstname: `Person${id}`, lastname: 'Berg', email: `p${id}@example.test` },
    status: 'pending',
    group: id === 3 ? null : { id: 1, name: 'Kitchen' },
    week: id === 1 ? 'w1' : 'w2',
    answers: { week: id === 1 ? 'w1' : 'w2', size: 'M' },
    createdAt: '2026-01-01T10:00:00.000Z',
    updatedAt: '2026-01-01T10:00:00.000Z',
  })),
  total: 30,
  page: 1,
  pageSize: 25,
  summary: {
    byStatus: counts(30, 4),
    byGroup: [
      { groupId: 1, groupName: 'Kitchen', total: 20, byStatus: counts(18, 2) },
      { groupId: null, groupName: null, total: 14, byStatus: counts(12, 2) },
    ],
  },
});

function serve(overrides: (call: FetchCall) => { status?: number; body?: unknown } | undefined = () => undefined) {
  return mockFetch((call) => {
    const override = overrides(call);
    if (override) return override;
    if (call.url.includes('/groups'))
      return {
        body: { groups: [{ id: 1, name: 'Kitchen', description: '', memberCount: 3, wanted: null }], total: 1 },
      };
    if (call.url.includes('/applications/update')) return { body: { success: true, updated: 2, _csrf: 'x' } };
    if (call.url.includes('/applications')) return { body: listResponse() };
    return { status: 404, body: { success: false, errorMessages: ['Not found'] } };
  });
}

/** The query string the page is on, to see what it wrote there. */
function ShownSearch() {
  return <output data-testid="location-search">{useLocation().search}</output>;
}

const renderPage = (roleLevel: 0 | 1 = 0, route = '/event/7/applications') =>
  renderWithProviders(
    <>
      <ApplicationsPage eventId={7} eventDetail={eventDetail(roleLevel)} />
      <ShownSearch />
    </>,
    { user: testUser, route },
  );

const shownSearch = () => new URLSearchParams(screen.getByTestId('location-search').textContent ?? '');

const listCalls = (calls: FetchCall[]) =>
  calls.filter((call) => call.method === 'GET' && /\/event\/7\/applications(\?|$)/.test(call.url));

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('applications review', () => {
  it('shows rows, the week column and filter with their configured labels, and the group summary', async () => {
    serve();
    renderPage();
    expect(await screen.findByText('p1@example.test')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Which week' })).toBeInTheDocument();
    expect(screen.getByLabelText('Camp week')).toBeInTheDocument();
    expect(screen.getAllByText("Women's week").length).toBeGreaterThan(0);
    const summary = screen.getByTestId('group-summary');
    expect(within(summary).getByText('No group')).toBeInTheDocument();
    expect(screen.getByTestId('summary-total-accepted')).toHaveTextContent('4');
  });

  it('sends the status filter to the server', async () => {
    const { calls } = serve();
    renderPage();
    await screen.findByText('p1@example.test');
    await userEvent.click(screen.getByRole('button', { name: 'Pending' }));
    await waitFor(() => expect(listCalls(calls).some((call) => call.url.includes('status=pending'))).toBe(true));
  });

  it('writes the status filter and the search to the query string', async () => {
    const { calls } = serve();
    renderPage();
    await screen.findByText('p1@example.test');
    await userEvent.click(screen.getByRole('button', { name: 'Accepted' }));
    await waitFor(() => expect(shownSearch().get('status')).toBe('accepted'));
    await userEvent.click(screen.getByRole('button', { name: 'Pending' }));
    await waitFor(() => expect(shownSearch().get('status')).toBe('accepted,pending'));
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), 'berg');
    await waitFor(() => expect(shownSearch().get('search')).toBe('berg'));
    const last = new URL(listCalls(calls).at(-1)?.url ?? '', 'http://x').searchParams;
    expect(last.get('status')).toBe('accepted,pending');
    expect(last.get('search')).toBe('berg');
  });

  it('writes the page to the query string; a new filter or clearing starts again on page 1', async () => {
    const { calls } = serve();
    renderPage(0, '/event/7/applications?status=accepted&search=berg');
    await screen.findByText('p1@example.test');
    await userEvent.click(screen.getByRole('button', { name: 'Go to next page' }));
    await waitFor(() => expect(shownSearch().get('page')).toBe('2'));
    expect(new URL(listCalls(calls).at(-1)?.url ?? '', 'http://x').searchParams.get('page')).toBe('2');
    await userEvent.click(screen.getByRole('button', { name: 'Pending' }));
    await waitFor(() => expect(shownSearch().get('status')).toBe('accepted,pending'));
    expect(shownSearch().get('page')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(shownSearch().toString()).toBe(''));
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('');
  });

  it('shows the list a link asks for (the statistics screen links ?status=accepted&groupId=3)', async () => {
    const { calls } = serve();
    renderPage(
      0,
      '/event/7/applications?status=accepted&groupId=3&week=w2&search=anna&sort=lastname&page=2&status=bogus',
    );
    await screen.findByText('p1@example.test');
    const first = new URL(listCalls(calls)[0]?.url ?? '', 'http://x').searchParams;
    expect(first.get('status')).toBe('accepted');
    expect(first.get('groupId')).toBe('3');
    expect(first.get('week')).toBe('w2');
    expect(first.get('search')).toBe('anna');
    expect(first.get('sort')).toBe('lastname');
    expect(first.get('page')).toBe('2');
    expect(screen.getByRole('button', { name: 'Accepted' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toHaveValue('anna');
    expect(screen.getByText('26–30 of 30')).toBeInTheDocument();
  });

  it('bulk accepts the selected rows after a confirm dialog with the count, then refreshes the list', async () => {
    const { calls } = serve();
    renderPage();
    await screen.findByText('p1@example.test');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Person1 Berg' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Person2 Berg' }));
    expect(screen.getByTestId('bulk-count')).toHaveTextContent('2 selected');
    await userEvent.click(screen.getByRole('combobox', { name: 'Set status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Accepted' }));
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update applications?' });
    expect(dialog).toHaveTextContent('2 applications will be updated.');
    const before = listCalls(calls).length;
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('2 applications updated.')).toBeInTheDocument();
    // The dialog and the bulk bar are gone: the result takes the focus, not the page.
    await waitFor(() => expect(screen.getByTestId('applications-updated')).toHaveFocus());
    const update = calls.find((call) => call.url.endsWith('/event/7/applications/update'));
    expect(update?.body).toEqual({ ids: [1, 2], status: 'accepted' });
    await waitFor(() => expect(listCalls(calls).length).toBeGreaterThan(before));
  });

  it('a bulk accept refreshes the users table, the group member counts, the access lists and the audit log', async () => {
    const { calls } = serve();
    const queryClient = createTestQueryClient();
    // What other screens of the event have read before (the users table, the control panel).
    const usersPage = memberKeys.list(7, { search: '', page: 1 });
    queryClient.setQueryData(usersPage, { users: [], total: 0 });
    queryClient.setQueryData(accessKeys.all(7), { admins: [] });
    queryClient.setQueryData(auditKeys.page(7, 1, 10), { entries: [], total: 0 });
    queryClient.setQueryData(memberKeys.list(8, { search: '', page: 1 }), { users: [], total: 0 });
    renderWithProviders(<ApplicationsPage eventId={7} eventDetail={eventDetail()} />, { user: testUser, queryClient });
    await screen.findByText('p1@example.test');
    const groupCalls = () =>
      calls.filter((call) => call.method === 'GET' && call.url.includes('/event/7/groups')).length;
    await waitFor(() => expect(groupCalls()).toBe(1));
    expect(queryClient.getQueryState(usersPage)?.isInvalidated).toBe(false);

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Person1 Berg' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Set status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Accepted' }));
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Update applications?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('2 applications updated.')).toBeInTheDocument();

    // The group list on this screen (member counts) is asked for again; the other screens' data is stale.
    await waitFor(() => expect(groupCalls()).toBe(2));
    expect(queryClient.getQueryState(usersPage)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(accessKeys.all(7))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(auditKeys.page(7, 1, 10))?.isInvalidated).toBe(true);
    // Another event's users table is left alone.
    expect(queryClient.getQueryState(memberKeys.list(8, { search: '', page: 1 }))?.isInvalidated).toBe(false);
  });

  it('asks with a different dialog before a reject, and can update all matching the filter', async () => {
    const { calls } = serve();
    renderPage();
    await screen.findByText('p1@example.test');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Person1 Berg' }));
    await userEvent.click(screen.getByRole('button', { name: 'Select all 30 matching the filter' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Set status' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Rejected' }));
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject applications?' });
    expect(dialog).toHaveTextContent('You are about to reject 30 applications.');
    expect(screen.queryByRole('dialog', { name: 'Update applications?' })).not.toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(calls.find((call) => call.url.endsWith('/applications/update'))?.body).toEqual({
        filter: {},
        status: 'rejected',
      }),
    );
  });

  it('offers to e-mail the applicants, with a message written for the status chosen, and sends it with the update', async () => {
    const { calls } = serve((call) =>
      call.url.endsWith('/applications/update')
        ? { body: { success: true, updated: 2, notified: 2, _csrf: 'x' } }
        : undefined,
    );
    renderPage();
    await screen.findByText('p1@example.test');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Person1 Berg' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Person2 Berg' }));
    const choose = async (status: string) => {
      await userEvent.click(screen.getByRole('combobox', { name: 'Set status' }));
      await userEvent.click(await screen.findByRole('option', { name: status }));
      await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
      return screen.findByRole('dialog', { name: 'Update applications?' });
    };

    // Reserve first: the texts are the reserve ones; cancelled, then Accepted starts unticked with its own texts.
    let dialog = await choose('Reserve');
    const notify = within(dialog).getByRole('checkbox', { name: 'Notify the applicants by e-mail' });
    expect(notify).not.toBeChecked();
    expect(within(dialog).queryByRole('textbox', { name: 'Subject' })).not.toBeInTheDocument();
    await userEvent.click(notify);
    expect(within(dialog).getByRole('textbox', { name: 'Subject' })).toHaveValue(en.notify.subjects.reserve);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    dialog = await choose('Accepted');
    expect(within(dialog).getByRole('checkbox', { name: 'Notify the applicants by e-mail' })).not.toBeChecked();
    await userEvent.click(within(dialog).getByRole('checkbox', { name: 'Notify the applicants by e-mail' }));
    const subject = within(dialog).getByRole('textbox', { name: 'Subject' });
    const message = within(dialog).getByRole('textbox', { name: 'Message' });
    expect(subject).toHaveValue('Your application has been accepted');
    expect(message).toHaveValue(en.notify.messages.accepted);
    expect(message).toHaveAccessibleDescription(en.notify.help);

    // An empty message is asked for before anything is sent.
    fireEvent.change(message, { target: { value: '  ' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByText('Write a message.')).toBeInTheDocument();
    expect(calls.some((call) => call.url.endsWith('/applications/update'))).toBe(false);

    fireEvent.change(message, { target: { value: 'Hi {firstname}, see you at the gate! ' } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('2 applications updated. 2 applicants will be e-mailed.')).toBeInTheDocument();
    expect(calls.find((call) => call.url.endsWith('/applications/update'))?.body).toEqual({
      ids: [1, 2],
      status: 'accepted',
      notify: { subject: 'Your application has been accepted', message: 'Hi {firstname}, see you at the gate!' },
    });
  });

  it('has the e-mail texts for every status in Swedish too', () => {
    for (const key of ['pending', 'staged', 'accepted', 'reserve', 'rejected', 'none'] as const) {
      expect(sv.notify.subjects[key]).not.toBe(en.notify.subjects[key]);
      expect(sv.notify.messages[key]).toContain('{firstname}');
    }
  });

  it("shows the server's error messages when an update is refused", async () => {
    serve((call) =>
      call.url.endsWith('/applications/update')
        ? {
            status: 403,
            body: { success: false, errorMessages: ['You can only change applications of your own group.'] },
          }
        : undefined,
    );
    renderPage();
    await screen.findByText('p1@example.test');
    const row = screen.getAllByTestId('application-row')[0];
    row.focus();
    fireEvent.keyDown(row, { key: '3' });
    const dialog = await screen.findByRole('dialog', { name: 'Update applications?' });
    expect(dialog).toHaveTextContent('1 application will be updated.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByText('You can only change applications of your own group.')).toBeInTheDocument();
  });

  it('moves through rows with j/k and opens the drawer with Enter', async () => {
    serve((call) => {
      if (call.url.endsWith('/applications/1/answers'))
        return {
          body: {
            answers: [
              {
                name: 'week',
                label: 'Which week?',
                value: 'w1',
                removed: false,
                options: [
                  { value: 'w1', label: 'Week 1 (women)' },
                  { value: 'w2', label: 'Week 2 (men)' },
                ],
              },
              {
                name: 'sizes',
                label: 'Sizes',
                value: ['m', 'xl'],
                removed: false,
                options: [
                  { value: 'm', label: 'Medium' },
                  { value: 'xl', label: 'Extra large' },
                ],
              },
              { name: 'old', label: 'Old question', value: 'yes', removed: true },
            ],
          },
        };
      if (call.url.endsWith('/applications/1'))
        return {
          body: {
            application: { ...listResponse().applications[0], answerLabels: {} },
            history: [
              {
                action: 'application.status_changed',
                details: { from: 'pending', to: 'staged' },
                actor: { id: 1, firstname: 'Ada', lastname: 'Admin' },
                createdAt: '2026-01-02T10:00:00.000Z',
              },
            ],
          },
        };
      return undefined;
    });
    renderPage();
    await screen.findByText('p1@example.test');
    const rows = screen.getAllByTestId('application-row');
    rows[0].focus();
    fireEvent.keyDown(rows[0], { key: 'j' });
    await waitFor(() => expect(rows[1]).toHaveFocus());
    fireEvent.keyDown(rows[1], { key: 'k' });
    await waitFor(() => expect(rows[0]).toHaveFocus());
    fireEvent.keyDown(rows[0], { key: 'Enter' });
    const drawer = await screen.findByTestId('application-drawer');
    expect(await within(drawer).findByText('Old question')).toBeInTheDocument();
    expect(within(drawer).getByText('Removed question')).toBeInTheDocument();
    // The labels the applicant chose, not the stored values ("w1", "m", "xl").
    expect(within(drawer).getByText('Week 1 (women)')).toBeInTheDocument();
    expect(within(drawer).getByText('Medium, Extra large')).toBeInTheDocument();
    expect(within(drawer).queryByText('w1')).not.toBeInTheDocument();
    expect(await within(drawer).findByText('Status changed: Pending → Staged')).toBeInTheDocument();
  });

  it('exports the current filter with the chosen columns and answers as CSV with ; or XLSX', async () => {
    serve();
    const user = userEvent.setup();
    renderPage(0, '/event/7/applications?status=accepted&groupId=1&sort=lastname');
    await screen.findByText('p1@example.test');
    await user.click(screen.getByRole('button', { name: 'Export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export applications' });
    expect(dialog).toHaveTextContent('The 30 applications of the current filter');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Status' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'T-shirt size' }));
    await user.click(within(dialog).getByRole('radio', { name: /semicolon/ }));
    const href = new URL(within(dialog).getByRole('link', { name: 'Download' }).getAttribute('href') ?? '', 'http://x');
    expect(href.pathname).toBe('/api/event/7/applications/export');
    expect(Object.fromEntries(href.searchParams)).toEqual({
      format: 'csv',
      delimiter: 'semicolon',
      status: 'accepted',
      groupId: '1',
      sort: 'lastname',
      columns: 'firstname,lastname,email,group,size',
    });
    await user.click(within(dialog).getByRole('radio', { name: 'Excel (XLSX)' }));
    const xlsx = new URL(within(dialog).getByRole('link', { name: 'Download' }).getAttribute('href') ?? '', 'http://x');
    expect(xlsx.searchParams.get('format')).toBe('xlsx');
    expect(xlsx.searchParams.has('delimiter')).toBe(false);
  });

  it('lets a group leader set a status but not pick a group', async () => {
    serve();
    renderPage(1);
    await screen.findByText('p1@example.test');
    expect(screen.queryByLabelText('Group')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select Person1 Berg' }));
    expect(screen.getByRole('combobox', { name: 'Set status' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Set group' })).not.toBeInTheDocument();
  });

  it('adds a chosen answer column and remembers the choice', async () => {
    serve();
    renderPage();
    await screen.findByText('p1@example.test');
    expect(screen.queryByRole('columnheader', { name: 'T-shirt size' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Columns' }));
    await userEvent.click(await screen.findByRole('menuitemcheckbox', { name: 'T-shirt size' }));
    await userEvent.keyboard('{Escape}');
    expect(await screen.findByRole('columnheader', { name: 'T-shirt size' })).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem(columnChoiceStorageKey('applications', 7)) ?? '[]')).toEqual([
      'size',
    ]);
    window.localStorage.removeItem(columnChoiceStorageKey('applications', 7));
  });

  it('shows the empty state', async () => {
    serve((call) =>
      listCalls([call]).length > 0
        ? { body: { ...listResponse(), applications: [], total: 0, summary: { byStatus: counts(0, 0), byGroup: [] } } }
        : undefined,
    );
    renderPage();
    expect(await screen.findByTestId('applications-empty')).toHaveTextContent('No applications yet.');
  });

  it('shows the load error', async () => {
    serve((call) =>
      listCalls([call]).length > 0
        ? { status: 500, body: { success: false, errorMessages: ['Something went wrong'] } }
        : undefined,
    );
    renderPage();
    expect(await screen.findByTestId('applications-error')).toHaveTextContent('Something went wrong');
  });

  it('has the same keys in English and Swedish', () => {
    const keys = (tree: object, prefix = ''): string[] =>
      Object.entries(tree).flatMap(([key, value]) =>
        typeof value === 'string' ? [`${prefix}${key}`] : keys(value as object, `${prefix}${key}.`),
      );
    expect(keys(sv).sort()).toEqual(keys(en).sort());
  });
});
