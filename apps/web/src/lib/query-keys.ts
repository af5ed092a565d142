/**
 * Every TanStack Query cache key of the web app, one factory per resource (STYLE 15). A feature that reads a
 * resource and every mutation that changes it use the same factory, so an invalidation always hits the entry
 * the screens read. `eventId` is a number everywhere. Each resource has its own first segment: invalidating
 * one never touches another by accident. A new resource adds one exported object here.
 */

/** The events of the home page and one event with the caller's membership and the form (GET /api/event/{id}). */
export const eventKeys = {
  all: () => ['events'] as const,
  list: () => ['events', 'list'] as const,
  detail: (eventId: number) => ['events', 'detail', eventId] as const,
};

/** An event's groups with their member counts. */
export const groupKeys = {
  all: (eventId: number) => ['groups', eventId] as const,
  list: (eventId: number) => ['groups', eventId, 'list'] as const,
};

/** An event's memberships: the users table's pages (each page's parameters end the key). */
export const memberKeys = {
  /** Every event's (an account change shows in all of them). */
  root: () => ['members'] as const,
  all: (eventId: number) => ['members', eventId] as const,
  lists: (eventId: number) => ['members', eventId, 'list'] as const,
  list: <P extends object>(eventId: number, params: P) => ['members', eventId, 'list', params] as const,
};

/**
 * Invitations: the caller's own (the home page) and an event's not yet accepted (the users page, admins).
 */
export const invitationKeys = {
  mine: () => ['invitations', 'mine'] as const,
  event: (eventId: number) => ['invitations', 'event', eventId] as const,
};

/** The control panel's access lists (admins, group leaders, volunteers). */
export const accessKeys = {
  /** Every event's (an account change shows in all of them). */
  root: () => ['access'] as const,
  all: (eventId: number) => ['access', eventId] as const,
};

/** An event's audit log pages. */
export const auditKeys = {
  /** Every event's (an account change shows in all of them). */
  root: () => ['audit'] as const,
  all: (eventId: number) => ['audit', eventId] as const,
  page: (eventId: number, page: number, pageSize: number) => ['audit', eventId, { page, pageSize }] as const,
};

/** The applications review: list pages (rows and summary), details (with history) and answers. */
export const applicationKeys = {
  /** Every event's (an account change shows in all of them). */
  root: () => ['applications'] as const,
  all: (eventId: number) => ['applications', eventId] as const,
  lists: (eventId: number) => ['applications', eventId, 'list'] as const,
  list: <P extends object>(eventId: number, params: P) => ['applications', eventId, 'list', params] as const,
  details: (eventId: number) => ['applications', eventId, 'detail'] as const,
  detail: (eventId: number, applicationId: number) => ['applications', eventId, 'detail', applicationId] as const,
  answers: (eventId: number, applicationId: number) => ['applications', eventId, 'answers', applicationId] as const,
};

/** The application form as the builder edits it. */
export const formKeys = {
  detail: (eventId: number) => ['form', eventId] as const,
};

/** The public apply page (event, form, open or closed, the caller's own application). */
export const applyKeys = {
  page: (eventId: number) => ['apply', eventId] as const,
  /** What a visitor who is not logged in sees of the event (its name and picture). */
  preview: (eventId: number) => ['apply', eventId, 'preview'] as const,
};

/** An event's shifts (each filter set ends the key) and its scheduling rules. */
export const shiftKeys = {
  all: (eventId: number) => ['shifts', eventId] as const,
  lists: (eventId: number) => ['shifts', eventId, 'list'] as const,
  list: <P extends object>(eventId: number, params: P) => ['shifts', eventId, 'list', params] as const,
  settings: (eventId: number) => ['shifts', eventId, 'settings'] as const,
};

/** The caller's secret calendar URL (one per user, all events). */
export const calendarFeedKeys = {
  mine: () => ['calendar-feed'] as const,
};

/** The statistics screen: one entry per filter (every count of the screen in one call). */
export const statisticsKeys = {
  all: (eventId: number) => ['statistics', eventId] as const,
  detail: <P extends object>(eventId: number, filter: P) => ['statistics', eventId, filter] as const,
};

/** The e-mail area: folder lists, one e-mail with its receivers, the labels, the compose preview and candidates. */
export const mailKeys = {
  all: (eventId: number) => ['mail', eventId] as const,
  lists: (eventId: number) => ['mail', eventId, 'list'] as const,
  list: (eventId: number, folder: { customLabel?: number; systemLabel?: string }) =>
    ['mail', eventId, 'list', folder] as const,
  details: (eventId: number) => ['mail', eventId, 'detail'] as const,
  detail: (eventId: number, emailId: number) => ['mail', eventId, 'detail', emailId] as const,
  labels: (eventId: number) => ['mail', eventId, 'labels'] as const,
  preview: <F extends object>(eventId: number, filter: F) => ['mail', eventId, 'preview', filter] as const,
  candidates: (eventId: number, search: string) => ['mail', eventId, 'candidates', search] as const,
  settings: (eventId: number) => ['mail', eventId, 'settings'] as const,
};

/** The event feed: posts (pages by `before`), contacts and links. */
export const feedKeys = {
  all: (eventId: number) => ['feed', eventId] as const,
  posts: (eventId: number) => ['feed', eventId, 'posts'] as const,
  contacts: (eventId: number) => ['feed', eventId, 'contacts'] as const,
  links: (eventId: number) => ['feed', eventId, 'links'] as const,
};

/** Event files: the files screen's pages and the feed's newest-files card (an upload or change refreshes both). */
export const fileKeys = {
  all: (eventId: number) => ['files', eventId] as const,
  list: <P extends object>(eventId: number, params: P) => ['files', eventId, 'list', params] as const,
  newest: (eventId: number) => ['files', eventId, 'newest'] as const,
};

/**
 * The event day (decision 028): the caller's own code, a person as the check-in screen shows them, the name search
 * and the live board (each range and group ends the key). A check-in changes the person and the board.
 */
export const eventDayKeys = {
  all: (eventId: number) => ['event-day', eventId] as const,
  myCode: (eventId: number) => ['event-day', eventId, 'my-code'] as const,
  people: (eventId: number) => ['event-day', eventId, 'person'] as const,
  person: (eventId: number, who: { code?: string; eventUserId?: number }) =>
    ['event-day', eventId, 'person', who] as const,
  search: (eventId: number, q: string) => ['event-day', eventId, 'search', q] as const,
  boards: (eventId: number) => ['event-day', eventId, 'board'] as const,
  board: <P extends object>(eventId: number, params: P) => ['event-day', eventId, 'board', params] as const,
};

/**
 * The cover requests offered to the caller (every event): a request asked for, taken or withdrawn changes it. `asked`:
 * the request an organiser made for a shift in this session (the answer of asking, kept so the board can show it and
 * offer to withdraw it); nothing fetches it.
 */
export const coverKeys = {
  mine: () => ['cover', 'mine'] as const,
  asked: (eventId: number, shiftId: number) => ['cover', 'asked', eventId, shiftId] as const,
};

/** An event's wish rounds (decision 035): the list, one round (with my wishes or the organisers' preview), my result. */
export const wishRoundKeys = {
  all: (eventId: number) => ['wish-rounds', eventId] as const,
  list: (eventId: number) => ['wish-rounds', eventId, 'list'] as const,
  detail: (eventId: number, roundId: number) => ['wish-rounds', eventId, 'detail', roundId] as const,
  result: (eventId: number, roundId: number) => ['wish-rounds', eventId, 'result', roundId] as const,
};
