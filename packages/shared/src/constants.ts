/** Limits and enumerations from the specification (sections 5, 6, 9). */
export const LIMITS = {
  EMAIL_MAXIMUM: 255,
  PASSWORD_MINIMUM: 7,
  PASSWORD_MAXIMUM: 255,
  NAME_MAXIMUM: 40,
  EVENT_NAME_MINIMUM: 3,
  EVENT_NAME_MAXIMUM: 255,
  PAGE_SIZE_DEFAULT: 25,
  PAGE_SIZE_MAXIMUM: 500,
} as const;

/** The largest avatar image (user or event), and the image types accepted (no SVG: it can carry script). */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

export const ROLE_LEVELS = { ADMIN: 0, GROUP_LEADER: 1, VOLUNTEER: 2 } as const;
export type RoleLevel = (typeof ROLE_LEVELS)[keyof typeof ROLE_LEVELS];
export const ROLE_LEVEL_VALUES = [0, 1, 2] as const;
export const ROLE_NAMES: Record<RoleLevel, 'admin' | 'groupLeader' | 'volunteer'> = {
  0: 'admin',
  1: 'groupLeader',
  2: 'volunteer',
};

export const APPLICATION_STATUSES = ['pending', 'staged', 'accepted', 'reserve', 'rejected', 'none'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];
/** A stored status text that is one of the statuses (anything else reads as 'none' where it is shown). */
export const isApplicationStatus = (value: string): value is ApplicationStatus =>
  (APPLICATION_STATUSES as readonly string[]).includes(value);

export const EVENT_STATUSES = ['ongoing', 'completed'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

export const FORM_FIELD_TYPES = [
  'text',
  'textarea',
  'email',
  'phone',
  'number',
  'date',
  'select',
  'radio',
  'checkbox',
  'checkboxes',
  'heading',
  'paragraph',
] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

export const THEMES = ['LIGHT', 'DARK', 'NATURE'] as const;
export type ThemeName = (typeof THEMES)[number];

export const LANGUAGES = ['en', 'sv', 'no', 'da', 'de', 'fr', 'es', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];
/** Only these are offered in the language picker (spec section 1). */
export const PICKER_LANGUAGES = ['en', 'sv'] as const;

export const UI = {
  SIDEBAR_WIDTH: 280,
  TOP_BAR_HEIGHT: 64,
  MAX_SNACKBARS: 3,
  LANGUAGE_COOKIE: 'language',
  SETTINGS_STORAGE_KEY: 'settings',
  CSRF_STORAGE_KEY: 'csrf',
  PRODUCT_NAME: 'Funkis',
  REMOVE_CONFIRM_WORD: 'REMOVE',
} as const;

// Limits, sort orders and export columns of the resources. Plain values, kept out of the resource modules with
// their zod schemas, so that a screen which only needs a limit or a sort order does not load zod (decision 017).

/** Limits of the feed: a post, a comment, a link. */
export const FEED_LIMITS = {
  POST_MAXIMUM: 5000,
  COMMENT_MAXIMUM: 2000,
  LINK_TITLE_MAXIMUM: 200,
  LINK_URL_MAXIMUM: 2000,
  /** Posts per page of the feed ("load more" asks for the next page with `before=`). */
  PAGE_SIZE: 20,
  /** Pinned posts an event may have at once, all shown above the first page: a further pin is refused (409). */
  PINNED_MAXIMUM: 20,
  /** How often an open feed asks for new posts and comments (docs/decisions/006). */
  REFRESH_MS: 15_000,
} as const;

export const APPLICATION_SORT_FIELDS = [
  'createdAt',
  'updatedAt',
  'status',
  'firstname',
  'lastname',
  'email',
  'group',
] as const;
export type ApplicationSortField = (typeof APPLICATION_SORT_FIELDS)[number];
/** A field name, or the name with a leading '-' for descending order. */
export const APPLICATION_SORTS = [
  ...APPLICATION_SORT_FIELDS,
  ...APPLICATION_SORT_FIELDS.map((field) => `-${field}` as const),
] as const;
export type ApplicationSort = ApplicationSortField | `-${ApplicationSortField}`;
export const APPLICATION_SORT_DEFAULT: ApplicationSort = '-createdAt';

/** One bulk update by explicit ids; "all N matching the filter" has no such limit. */
export const APPLICATIONS_BULK_IDS_MAXIMUM = 50_000;

/** Bounds of the e-mail a status change may send its applicants (docs/decisions/025). */
export const APPLICATIONS_NOTIFY_LIMITS = { SUBJECT_MAXIMUM: 200, MESSAGE_MAXIMUM: 5_000 } as const;
export const APPLICATION_SEARCH_MAXIMUM = 200;
/** The `groupId` filter value for applications without a group. */
export const NO_GROUP_FILTER = 'none';

export const MEMBER_SORT_FIELDS = ['firstname', 'lastname', 'email', 'roleLevel', 'group', 'createdAt'] as const;
export type MemberSortField = (typeof MEMBER_SORT_FIELDS)[number];
/** `lastname` sorts ascending, `-lastname` descending. */
export const MEMBER_SORTS = [
  ...MEMBER_SORT_FIELDS,
  ...MEMBER_SORT_FIELDS.map((field) => `-${field}` as const),
] as const;
export type MemberSort = MemberSortField | `-${MemberSortField}`;

export const MEMBER_EXPORT_COLUMNS = ['firstname', 'lastname', 'email', 'roleLevel', 'group'] as const;
export type MemberExportColumn = (typeof MEMBER_EXPORT_COLUMNS)[number];
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;

/** The largest wanted size of a group. */
export const GROUP_WANTED_MAXIMUM = 100_000;

export const FILE_SORTS = ['name', '-name', 'createdAt', '-createdAt', 'size', '-size'] as const;
export type FileSort = (typeof FILE_SORTS)[number];

/** The only system label: everything sent from the event. */
export const MAIL_SYSTEM_LABELS = ['sent'] as const;
export type MailSystemLabel = (typeof MAIL_SYSTEM_LABELS)[number];

/** The `{firstname}` placeholder of a message, replaced for each receiver. */
export const MAIL_FIRSTNAME_PLACEHOLDER = '{firstname}';

/** The columns of the hours export, in their default order (the users export's `columns` choice). */
export const HOURS_EXPORT_COLUMNS = [
  'firstname',
  'lastname',
  'email',
  'group',
  'shifts',
  'arrived',
  'noShow',
  'hours',
] as const;
export type HoursExportColumn = (typeof HOURS_EXPORT_COLUMNS)[number];

/** The event day (decision 028): plain values, so a phone screen reads them without the schemas' zod. */
export const EVENT_DAY_LIMITS = {
  /** The longest code text accepted (a real one is about 60 characters). */
  CODE_MAXIMUM: 200,
  /** A scanner's own id for one scan, so that a scan replayed after a lost connection counts once. */
  CLIENT_ID_MAXIMUM: 64,
  /** "Arrived for this shift" is open from this many minutes before the start until the end. */
  SHIFT_OPENS_BEFORE_MINUTES: 60,
  /** A check-in can be undone by whoever recorded it (or an admin) this many seconds after it was recorded. */
  UNDO_SECONDS: 60,
  /** A scan kept on a phone without signal is accepted this many hours after it was made, not older. */
  OFFLINE_HOURS_MAXIMUM: 24,
  /** The board answers at most this many hours at once; "now and the next two hours" when not asked. */
  BOARD_HOURS_MAXIMUM: 24,
  BOARD_HOURS_DEFAULT: 2,
  /** No check-in this many minutes after a shift's start: late (the event's settings can change it). */
  LATE_AFTER_MINUTES_DEFAULT: 10,
  LATE_AFTER_MINUTES_MAXIMUM: 240,
  /** A name search on the check-in screen answers at most this many people. */
  SEARCH_MAXIMUM: 20,
} as const;

export const CHECK_IN_KINDS = ['arrive', 'leave'] as const;
export type CheckInKind = (typeof CHECK_IN_KINDS)[number];

/** Where a person stands on a shift of the board (and on the check-in screen). */
export const BOARD_STATES = ['expected', 'arrived', 'late', 'no_show', 'left'] as const;
export type BoardState = (typeof BOARD_STATES)[number];

/** Web push (decision 030): what a person can be told by a push message, each switched on or off in their account. */
export const NOTIFICATION_KINDS = ['shiftReminder', 'shiftChange', 'coverRequest', 'waitlistPlace'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * A cover request (decision 031): `open` while nobody took it, `taken` once someone did, `closed` when the shift has
 * ended or has no free place left.
 */
export const COVER_REQUEST_STATES = ['open', 'taken', 'closed'] as const;
/** Cover requests a volunteer's list shows at most. */
export const COVER_LIST_MAXIMUM = 100;

export const PUSH_LIMITS = {
  /** The longest push-service address accepted (real ones are about 200 characters). */
  ENDPOINT_MAXIMUM: 2_000,
  /** The browser's public key: an uncompressed P-256 point, 65 bytes (87 characters base64url unpadded). */
  P256DH_BYTES: 65,
  /** The authentication secret shared with the browser: 16 bytes (22 characters base64url unpadded). */
  AUTH_BYTES: 16,
  /** Devices one account may have subscribed at once; the oldest goes when a new one comes. */
  SUBSCRIPTIONS_PER_USER: 20,
} as const;
