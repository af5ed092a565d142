import type { Mail, MailLabel, MailSummary } from '@funkis/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { initialMailState, mailReducer, toFolderState } from '../src/features/mail/components/mail-store';
import { type FetchCall, mockFetch, renderApp, testUser } from './test-utils';

const eventDetail = (roleLevel: 0 | 1 | 2, groupId: number | null = null) => ({
  event: {
    id: 7,
    name: 'Summer camp',
    description: '',
    avatarUrl: null,
    status: 'ongoing',
    applicationsOpen: true,
    useWeekSeparation: false,
    weekSeparationConfig: null,
    startsAt: null,
    endsAt: null,
  },
  eventUser: {
    id: 1,
    userId: testUser.id,
    role: { eventRole: { roleLevel }, eventGroup: groupId ? { id: groupId, name: 'Kitchen' } : null },
  },
  eventForm: { fields: [] },
});

const labels: MailLabel[] = [
  { id: 'sent', name: 'sent', type: 'system_label', totalCount: 1, unreadCount: 0 },
  { id: 4, name: 'Briefings', type: 'custom_label', color: '#1976d2', totalCount: 1, unreadCount: 0 },
];
const counts = { queued: 0, sending: 0, sent: 2, failed: 0 };
const summary: MailSummary = {
  id: 5,
  from: { userId: 1, name: 'Åsa Berg', email: testUser.email },
  to: { groupIds: [3] },
  subject: 'Kitchen rota',
  preview: 'Hello',
  createdAt: '2025-06-01T10:00:00.000Z',
  labelIds: [4],
  counts,
  isRead: true,
};
const mail: Mail = {
  ...summary,
  message: 'Hello {firstname}',
  format: 'text',
  attachments: [],
  receivers: [
    { userId: 10, email: 'a@example.test', name: 'Anna A', state: 'sent', attempts: 1, error: null, reason: '' },
    { userId: 11, email: 'b@example.test', name: 'Bo B', state: 'sent', attempts: 1, error: null, reason: '' },
  ],
};
const rota = {
  id: 12,
  name: 'Rota.pdf',
  mimeType: 'application/pdf',
  size: 100,
  uploadedBy: null,
  roles: [0, 1],
  createdAt: '2025-06-01T10:00:00.000Z',
  updatedAt: null,
  previewable: true,
};
/** As if the server had let something through: the page's own allow-list must still drop it. */
const richMail: Mail = {
  ...mail,
  id: 6,
  subject: 'Rich rota',
  format: 'html',
  message:
    '<p>Hello <strong>{firstname}</strong></p><script>window.hacked = true</script><p><a href="javascript:alert(1)">bad</a> <a href="https://example.org/x">map</a></p><img src="x" onerror="window.hacked = true"><ul><li>one</li></ul>',
  attachments: [{ fileId: 12, name: 'Rota.pdf', url: '/api/event/7/files/12/download' }],
};
const groups = {
  groups: [
    { id: 3, name: 'Kitchen', description: '', memberCount: 2 },
    { id: 8, name: 'Stage', description: '', memberCount: 4 },
  ],
  total: 2,
};

function serve(roleLevel: 0 | 1 = 0, groupId: number | null = null) {
  return mockFetch((call: FetchCall) => {
    const url = new URL(call.url, 'http://localhost');
    if (url.pathname === '/api/event/7') return { body: eventDetail(roleLevel, groupId) };
    if (url.pathname === '/api/event/7/groups') return { body: groups };
    if (url.pathname === '/api/event/7/mail-labels') return { body: { labels } };
    if (url.pathname === '/api/event/7/get-mails') return { body: { emails: [summary] } };
    if (url.pathname === '/api/event/7/get-mail/5') return { body: { email: mail } };
    if (url.pathname === '/api/event/7/mail-candidates') return { body: { candidates: [] } };
    if (url.pathname === '/api/event/7/files') return { body: { files: [rota], total: 1, usage: null } };
    if (url.pathname === '/api/event/7/get-mail/6') return { body: { email: richMail } };
    if (url.pathname === '/api/event/7/mail-receivers/preview') {
      const filter = (call.body as { receivers: { groupIds?: number[]; applicationStatuses?: string[] } }).receivers;
      const total = filter.groupIds?.includes(3) ? (filter.applicationStatuses?.includes('accepted') ? 1 : 2) : 0;
      return {
        body: {
          total,
          receivers: total
            ? mail.receivers.map(({ userId, name, email }) => ({ userId, name, email, reason: 'group' }))
            : [],
          ratePerMinute: 60,
          estimatedSeconds: total,
          attachmentWarnings: (call.body as { fileIds?: number[] }).fileIds?.includes(12)
            ? [{ fileId: 12, name: 'Rota.pdf', receiversWithoutAccess: 1 }]
            : [],
          success: true,
          _csrf: 'token',
        },
      };
    }
    if (url.pathname === '/api/event/7/send-mail')
      return { status: 201, body: { email: mail, success: true, _csrf: 't' } };
    return {
      status: 404,
      body: { success: false, errorMessages: ['Not found'], errors: [{ code: 'error.notFound' }] },
    };
  });
}

describe('mail store', () => {
  it("keeps the open folder's e-mails by id and in order, selected from the folder's answer", () => {
    const second = { ...summary, id: 9, subject: 'Second' };
    const folder = toFolderState({ emails: [second, summary] });
    expect(folder.ids).toEqual([9, 5]);
    expect(folder.emailsById[5]).toBe(summary);
    expect(folder.emailsById[9]).toMatchObject({ subject: 'Second' });
    expect(toFolderState({ emails: [] })).toEqual({ ids: [], emailsById: {} });
  });

  it('keeps the sidebar and compose flags, and changes nothing when a flag is already so', () => {
    let state = mailReducer(initialMailState, { type: 'sidebarOpened' });
    state = mailReducer(state, { type: 'composeOpened' });
    expect(state).toEqual({ isSidebarOpen: true, isComposeOpen: true });
    expect(mailReducer(state, { type: 'composeOpened' })).toBe(state);
    state = mailReducer(state, { type: 'sidebarClosed' });
    expect(state.isSidebarOpen).toBe(false);
    state = mailReducer(state, { type: 'composeClosed' });
    expect(state).toEqual(initialMailState);
  });
});

describe('mail area', () => {
  beforeEach(() => window.localStorage.clear());

  it('sends an unknown sub-path to Sent, lists the folder, and opens a label from the drawer, which then closes', async () => {
    serve();
    const { router } = renderApp({ user: testUser, route: '/event/7/email/inbox/1/2' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sent' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/event/7/email/sent');
    expect(await screen.findByRole('link', { name: /Kitchen rota/ })).toHaveAttribute('href', '/event/7/email/sent/5');
    // jsdom is narrow: the folders are in a drawer, opened with the button and closed by following a link.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Open mail folders' }));
    const folders = await screen.findByRole('navigation', { name: 'Mail folders' });
    const label = within(folders).getByRole('link', { name: /Briefings/ });
    expect(label).toHaveAttribute('href', '/event/7/email/label/4');
    await userEvent.setup().click(label);
    await waitFor(() => expect(router.state.location.pathname).toBe('/event/7/email/label/4'));
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Mail folders' })).not.toBeInTheDocument());
    expect(await screen.findByRole('heading', { level: 1, name: 'Briefings' })).toBeInTheDocument();
  });

  it('composes to a group with a live count, confirms with the count and time, sends, and opens the e-mail', async () => {
    const { calls } = serve();
    const user = userEvent.setup();
    const { router } = renderApp({ user: testUser, route: '/event/7/email/new' });
    expect(await screen.findByRole('heading', { level: 1, name: 'New e-mail' })).toBeInTheDocument();
    await user.click(await screen.findByRole('checkbox', { name: 'Kitchen' }));
    expect(await screen.findByText('Members in Kitchen: 2 people')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Subject/), 'Kitchen rota');
    await user.type(screen.getByLabelText(/Message/), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const dialog = await screen.findByRole('dialog', { name: 'Send this e-mail?' });
    expect(dialog).toHaveTextContent('It goes to 2 people.');
    expect(dialog).toHaveTextContent('At 60 messages a minute, delivery takes about 2 seconds.');
    await user.click(within(dialog).getByRole('button', { name: 'Send to 2 people' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/event/7/email/sent/5'));
    const sent = calls.find((call) => call.url.includes('/send-mail'));
    expect(sent?.body).toEqual({
      receivers: { groupIds: [3] },
      subject: 'Kitchen rota',
      message: 'Hello',
      format: 'text',
      fileIds: [],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Kitchen rota' })).toBeInTheDocument();
    expect(screen.getAllByTestId('mail-receiver')).toHaveLength(2);
    expect(window.localStorage.getItem('funkis.mail-draft.7')).toBeNull();
  }, 40_000);

  it('says in words who a choice names, narrowing across kinds, and never flashes a count before it is known', async () => {
    const { calls } = serve();
    const user = userEvent.setup();
    renderApp({ user: testUser, route: '/event/7/email/new' });
    expect(await screen.findByText('Choose who gets the e-mail.')).toBeInTheDocument();
    // Nothing chosen: nothing to count, so nothing is asked.
    expect(calls.filter((call) => call.url.includes('/preview'))).toHaveLength(0);
    const seen: string[] = [];
    const status = () => screen.getAllByRole('status').find((element) => element.textContent?.includes(':'));
    const observer = new MutationObserver(() => {
      const text = status()?.textContent;
      if (text) seen.push(text);
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true });
    await user.click(await screen.findByRole('checkbox', { name: 'Kitchen' }));
    expect(screen.getByTestId('receiver-counting')).toHaveTextContent('Members in Kitchen: counting…');
    expect(await screen.findByText('Members in Kitchen: 2 people')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Accepted' }));
    expect(await screen.findByText('Accepted applicants in Kitchen: 1 person')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Volunteers' }));
    expect(await screen.findByText('Accepted applicants who are volunteers in Kitchen: 1 person')).toBeInTheDocument();
    observer.disconnect();
    // Between the answers only "counting…" showed, never a count of another choice or a 0.
    expect(seen.filter((text) => /\d+ (person|people)$/.test(text))).toEqual(
      expect.not.arrayContaining([expect.stringMatching(/: 0 people$/)]),
    );
    expect(seen.some((text) => text.endsWith('counting…'))).toBe(true);
    expect(seen).not.toContain('Accepted applicants in Kitchen: 2 people');
    const last = calls.filter((call) => call.url.includes('/preview')).at(-1);
    expect(last?.body).toMatchObject({
      receivers: { roleLevels: [2], groupIds: [3], applicationStatuses: ['accepted'] },
    });
  }, 40_000);

  it('starts with the people another screen chose as the receivers ("e-mail these people")', async () => {
    const { calls } = serve();
    window.localStorage.setItem(
      'funkis.mail-draft.7',
      JSON.stringify({ groupIds: [3], subject: 'Kept subject', message: 'Kept message' }),
    );
    const receivers = [
      { userId: 101, name: 'Anna Berg', email: 'anna@example.test' },
      { userId: 103, name: 'Cleo Ek', email: 'cleo@example.test' },
    ];
    renderApp({ user: testUser, route: { pathname: '/event/7/email/new', state: { receivers } } });
    expect(await screen.findByLabelText(/Subject/)).toHaveValue('Kept subject');
    await waitFor(() => {
      const previews = calls.filter((call) => call.url.includes('/mail-receivers/preview'));
      expect(previews.at(-1)?.body).toMatchObject({ receivers: { userIds: [101, 103] } });
    });
    // The chosen people replace the draft's criteria: the group is no longer ticked.
    expect(screen.getByRole('checkbox', { name: 'Kitchen' })).not.toBeChecked();
  });

  it('refuses to send without receivers and keeps the draft for the next visit', async () => {
    serve();
    const user = userEvent.setup();
    const first = renderApp({ user: testUser, route: '/event/7/email/new' });
    await user.type(await screen.findByLabelText(/Subject/), 'Draft subject');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Choose at least one receiver.')).toBeInTheDocument();
    expect(screen.getByText('Message is required.')).toBeInTheDocument();
    // The fields' count is said too (decision 016), as on every form that checks itself.
    expect(screen.getByTestId('form-error-announcer')).toHaveTextContent('The form has 2 errors, shown with the form.');
    first.unmount();
    renderApp({ user: testUser, route: '/event/7/email/new' });
    expect(await screen.findByLabelText(/Subject/)).toHaveValue('Draft subject');
  });

  it('offers a group leader only their own group', async () => {
    serve(1, 3);
    renderApp({ user: testUser, route: '/event/7/email/new' });
    expect(await screen.findByRole('checkbox', { name: 'Kitchen' })).toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: 'Stage' })).not.toBeInTheDocument();
  });

  it('warns when a linked file is not visible to some receivers, and sends the file ids and the format', async () => {
    const { calls } = serve();
    const user = userEvent.setup();
    renderApp({ user: testUser, route: '/event/7/email/new' });
    await user.click(await screen.findByRole('checkbox', { name: 'Kitchen' }));
    await user.click(screen.getByRole('combobox', { name: 'Link event files' }));
    await user.click(await screen.findByRole('option', { name: 'Rota.pdf' }));
    expect(await screen.findByTestId('attachment-warnings')).toHaveTextContent(
      '1 receiver cannot open “Rota.pdf”: for them the link answers that the file is not found.',
    );
    await user.click(screen.getByLabelText(/Formatting \(bold/));
    expect(screen.getByRole('toolbar', { name: 'Formatting' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Bold' })).toBeInTheDocument();
    const preview = calls.filter((call) => call.url.includes('/preview')).at(-1);
    expect(preview?.body).toMatchObject({ fileIds: [12] });
  }, 40_000);

  it('shows rich text through its own allow-list, and the linked files', async () => {
    serve();
    renderApp({ user: testUser, route: '/event/7/email/sent/6' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Rich rota' })).toBeInTheDocument();
    const message = screen.getByTestId('mail-message');
    expect(message.querySelector('strong')).toHaveTextContent('{firstname}');
    expect(message.querySelector('script')).toBeNull();
    expect(message.querySelector('img')).toBeNull();
    expect(message).toHaveTextContent('bad');
    expect(within(message).queryByRole('link', { name: 'bad' })).toBeNull();
    expect(within(message).getByRole('link', { name: 'map' })).toHaveAttribute('href', 'https://example.org/x');
    expect(within(message).getByRole('link', { name: 'map' })).toHaveAttribute('rel', 'noopener noreferrer');
    expect(message.querySelectorAll('li')).toHaveLength(1);
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
    expect(screen.getByRole('link', { name: 'Rota.pdf' })).toHaveAttribute('href', '/api/event/7/files/12/download');
  });
});

describe('mail area on a phone (the sidebar is a drawer)', () => {
  it("heads a label's page with the label's name before the drawer was ever opened", async () => {
    serve();
    renderApp({ user: testUser, route: '/event/7/email/label/4' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Briefings' })).toBeInTheDocument();
    expect(screen.queryByTestId('mail-sidebar')).not.toBeInTheDocument();
  });

  it('says "1 new" beside the total, not two bare "1"s', async () => {
    const unread = labels.map((label) => (label.id === 'sent' ? { ...label, unreadCount: 1 } : label));
    mockFetch((call) => {
      const path = new URL(call.url, 'http://localhost').pathname;
      if (path === '/api/event/7') return { body: eventDetail(0) };
      if (path === '/api/event/7/mail-labels') return { body: { labels: unread } };
      if (path === '/api/event/7/get-mails') return { body: { emails: [summary] } };
      return { status: 404, body: { success: false, errorMessages: ['Not found'] } };
    });
    renderApp({ user: testUser, route: '/event/7/email/sent' });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Open mail folders' }));
    const badge = await screen.findByTestId('unread-count');
    expect(badge).toHaveTextContent('1 new');
    expect(badge).toHaveAccessibleName('1 unread e-mail');
  });
});

describe('receivers of an e-mail', () => {
  it('wrap their addresses at "@" and dots, never inside a word unless a part alone is too wide', async () => {
    serve();
    renderApp({ user: testUser, route: '/event/7/email/sent/5' });
    const cells = await screen.findAllByTestId('receiver-email');
    const first = cells[0] as HTMLElement;
    expect(first).toHaveTextContent('a@example.test');
    // a<wbr>@example<wbr>.test
    expect(first.querySelectorAll('wbr')).toHaveLength(2);
    expect(first.querySelector('bdi')?.innerHTML).toBe('a<wbr>@example<wbr>.test');
  });
});
