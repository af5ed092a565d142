/**
 * Every route of the web app, defined once: `path` for the router, `href()` for links and redirects.
 * Route strings are never written anywhere else.
 */

const withQuery = (path: string, query: Record<string, string | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value) search.set(key, value);
  }
  const text = search.toString();
  return text ? `${path}?${text}` : path;
};

type EventId = string | number;

export const RETURN_TO_PARAM = 'returnTo';

export const paths = {
  home: { path: '/', href: () => '/' },
  terms: { path: '/terms', href: () => '/terms' },

  auth: {
    root: { path: '/authentication', href: () => '/authentication' },
    login: {
      path: '/authentication/login',
      href: (returnTo?: string) => withQuery('/authentication/login', { [RETURN_TO_PARAM]: returnTo }),
    },
    register: {
      path: '/authentication/register',
      href: (returnTo?: string) => withQuery('/authentication/register', { [RETURN_TO_PARAM]: returnTo }),
    },
    passwordRecovery: {
      path: '/authentication/password-recovery',
      href: () => '/authentication/password-recovery',
    },
    passwordReset: {
      path: '/authentication/password-reset',
      href: (token?: string) => withQuery('/authentication/password-reset', { token }),
    },
    /** The link of the address-confirmation mail: open to everyone, logged in or not (decision 020). */
    confirmEmail: {
      path: '/authentication/confirm-email',
      href: (token?: string) => withQuery('/authentication/confirm-email', { token }),
    },
  },

  account: {
    root: { path: '/account', href: () => '/account' },
    security: { path: '/account/security', href: () => '/account/security' },
  },

  /** The cover requests offered to me; with an id (the notice's link) that one first. */
  coverRequests: {
    root: {
      path: '/cover-requests/:coverRequestId?',
      href: (coverRequestId?: number) => (coverRequestId ? `/cover-requests/${coverRequestId}` : '/cover-requests'),
    },
  },

  event: {
    root: { path: '/event/:eventId', href: (eventId: EventId) => `/event/${eventId}` },
    apply: { path: '/event/:eventId/apply', href: (eventId: EventId) => `/event/${eventId}/apply` },
    applyRegister: {
      path: '/event/:eventId/apply/register',
      href: (eventId: EventId) => `/event/${eventId}/apply/register`,
    },
    users: { path: '/event/:eventId/users', href: (eventId: EventId) => `/event/${eventId}/users` },
    email: { path: '/event/:eventId/email', href: (eventId: EventId) => `/event/${eventId}/email` },
    emailNew: { path: '/event/:eventId/email/new', href: (eventId: EventId) => `/event/${eventId}/email/new` },
    emailFolder: {
      path: '/event/:eventId/email/:systemLabel',
      href: (eventId: EventId, systemLabel = 'sent') => `/event/${eventId}/email/${systemLabel}`,
    },
    emailFolderItem: {
      path: '/event/:eventId/email/:systemLabel/:emailId',
      href: (eventId: EventId, systemLabel: string, emailId: number) =>
        `/event/${eventId}/email/${systemLabel}/${emailId}`,
    },
    emailLabel: {
      path: '/event/:eventId/email/label/:customLabel',
      href: (eventId: EventId, customLabel: number) => `/event/${eventId}/email/label/${customLabel}`,
    },
    emailLabelItem: {
      path: '/event/:eventId/email/label/:customLabel/:emailId',
      href: (eventId: EventId, customLabel: number, emailId: number) =>
        `/event/${eventId}/email/label/${customLabel}/${emailId}`,
    },
    files: { path: '/event/:eventId/files', href: (eventId: EventId) => `/event/${eventId}/files` },
    statistics: { path: '/event/:eventId/statistics', href: (eventId: EventId) => `/event/${eventId}/statistics` },
    applications: {
      path: '/event/:eventId/applications',
      /** `query`: the review's URL filters (status, groupId, week, search, sort, page). */
      href: (eventId: EventId, query: Record<string, string | undefined> = {}) =>
        withQuery(`/event/${eventId}/applications`, query),
    },
    scheduling: { path: '/event/:eventId/scheduling', href: (eventId: EventId) => `/event/${eventId}/scheduling` },
    myCode: { path: '/event/:eventId/my-code', href: (eventId: EventId) => `/event/${eventId}/my-code` },
    checkIn: { path: '/event/:eventId/check-in', href: (eventId: EventId) => `/event/${eventId}/check-in` },
    board: { path: '/event/:eventId/board', href: (eventId: EventId) => `/event/${eventId}/board` },
    wishRounds: { path: '/event/:eventId/wish-rounds', href: (eventId: EventId) => `/event/${eventId}/wish-rounds` },
    wishRound: {
      path: '/event/:eventId/wish-rounds/:roundId',
      href: (eventId: EventId, roundId: number) => `/event/${eventId}/wish-rounds/${roundId}`,
    },
    form: { path: '/event/:eventId/form', href: (eventId: EventId) => `/event/${eventId}/form` },
    controlPanel: {
      path: '/event/:eventId/control-panel',
      href: (eventId: EventId) => `/event/${eventId}/control-panel`,
    },
  },
} as const;

/** Control characters (tab, newline, CR …) and backslashes: browsers drop or turn them into `/`. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find them
const UNSAFE_IN_PATH = /[\u0000-\u001f\u007f\\]/;

/**
 * A path we may send the user back to after login: resolved with `new URL` against the app's origin, it must stay
 * on that origin and be a plain absolute path — no control characters or backslashes, raw or percent-encoded,
 * no `//` start — and not another authentication page (which would bounce straight back). Returns the
 * normalised path (pathname, search, hash) or null.
 */
export function safeReturnTo(value: string | null | undefined, base?: string): string | null {
  if (!value?.startsWith('/') || UNSAFE_IN_PATH.test(value)) return null;
  const origin = base ?? window.location.origin;
  let url: URL;
  let decodedPath: string;
  try {
    url = new URL(value, origin);
    decodedPath = decodeURIComponent(url.pathname);
  } catch {
    return null;
  }
  if (url.origin !== new URL(origin).origin) return null;
  if (!url.pathname.startsWith('/') || url.pathname.startsWith('//')) return null;
  if (UNSAFE_IN_PATH.test(decodedPath) || decodedPath.startsWith('//')) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  const authRoot = paths.auth.root.path;
  if (url.pathname === authRoot || url.pathname.startsWith(`${authRoot}/`)) return null;
  return path;
}
