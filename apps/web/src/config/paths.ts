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
  },

  account: {
    root: { path: '/account', href: () => '/account' },
    security: { path: '/account/security', href: () => '/account/security' },
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
    form: { path: '/event/:eventId/form', href: (eventId: EventId) => `/event/${eventId}/form` },
    controlPanel: {
      path: '/event/:eventId/control-panel',
      href: (eventId: EventId) => `/event/${eventId}/control-panel`,
    },
  },
} as const;

/**
 * A path we may send the user back to after login: same origin, absolute path, and not another
 * authentication page (which would bounce straight back).
 */
export function safeReturnTo(value: string | null | undefined): string | null {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  if (value === paths.auth.root.path || value.startsWith(`${paths.auth.root.path}/`)) return null;
  return value;
}
