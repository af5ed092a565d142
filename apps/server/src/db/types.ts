import type { ColumnType, Generated, Insertable, Kysely, RawBuilder, Selectable, Updateable } from 'kysely';

/**
 * The schema as both dialects hold it. Timestamps are ISO-8601 UTC text, booleans 0/1 integers and JSON
 * documents text in both SQLite and PostgreSQL, so one query code base reads the same values on both
 * (docs/decisions/001-query-layer-and-two-databases.md).
 */
type Id = Generated<number>;
type Timestamp = string;
type Flag = number;
type Json = string;

export interface UsersTable {
  id: Id;
  email: string;
  firstname: string;
  lastname: string;
  password_hash: string;
  avatar: string | null;
  /** `en` or `sv`: the language last used (0014); null: English. */
  language: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the owner of `email` opened a confirmation link sent to it (0027); null: not confirmed. */
  email_confirmed_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** An address the account asked to move to, waiting for its confirmation link (0027). */
  pending_email: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface SessionsTable {
  id: string; // sha-256 of the cookie's token: a stolen database holds no usable session
  user_id: number;
  csrf_token: string;
  created_at: Timestamp;
  expires_at: Timestamp;
  last_seen_at: Timestamp;
}

export interface PasswordResetTokensTable {
  id: Id;
  token_hash: string;
  user_id: number;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

/** Owned by account: address-confirmation links (0027, decision 020). Only the token's keyed hash is kept. */
export interface EmailConfirmationTokensTable {
  id: Id;
  token_hash: string;
  user_id: number;
  /** The address the link confirms: the account's own, or the one it asked to move to. */
  email: string;
  /** The session that asked for a change of address: it stays when the change ends the others. */
  keep_session_id: string | null;
  created_at: Timestamp;
  expires_at: Timestamp;
  used_at: Timestamp | null;
}

export interface EventsTable {
  id: Id;
  name: string;
  description: string;
  avatar: string | null;
  status: string;
  applications_open: Flag;
  use_week_separation: Flag;
  week_separation_config: Json | null;
  starts_at: string | null;
  ends_at: string | null;
  /** IANA zone (0014); null: the server's. */
  time_zone: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface EventGroupsTable {
  id: Id;
  event_id: number;
  name: string;
  description: string;
  /** How many people the group should have (statistics: acceptance progress); null when not set. */
  wanted: number | null;
  created_at: Timestamp;
}

export interface EventUsersTable {
  id: Id;
  event_id: number;
  user_id: number;
  role_level: number;
  group_id: number | null;
  /** 1 when acceptance of an application created this membership; only those are undone by un-accepting. */
  via_application: Flag;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/**
 * Owned by memberships: an admin's invitation of an e-mail address to an event (migration 0012). Accepting makes
 * a membership and deletes the row; cancelling deletes it; declining sets `declined_at` (the row then only waits
 * for `expires_at`, so a new invitation cannot be sent at once). The address is stored lower-cased.
 */
export interface InvitationsTable {
  id: Id;
  event_id: number;
  email: string;
  /** The account the invitation is for: set when the address had one, or linked once its owner looks. */
  invited_user_id: number | null;
  role_level: number;
  group_id: number | null;
  invited_by: number | null;
  created_at: Timestamp;
  expires_at: string;
  declined_at: string | null;
}

export interface EventFormsTable {
  id: Id;
  event_id: number;
  fields: Json;
  updated_at: Timestamp;
  /** The highest n of `form-field-custom-<n>` the form has ever used (0: count from the current names). */
  last_field_number: Generated<number>;
}

export interface ApplicationsTable {
  id: Id;
  event_id: number;
  user_id: number;
  status: string;
  group_id: number | null;
  /** The week-separation option the answers select, kept as a column so the filter is an index lookup. */
  week: string | null;
  /** The applicant's `lower(lastname)` and `lower(firstname)`, for the review's sort by name (migration 0013). */
  sort_lastname: ColumnType<string, string | undefined, string>;
  sort_firstname: ColumnType<string, string | undefined, string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/**
 * An application's answers, their labels and its search text (migration 0051): apart from `applications`, whose
 * narrow rows the review counts and bulk-updates (decision 038). One row per application, written with it.
 */
export interface ApplicationAnswersTable {
  application_id: number;
  answers: Json;
  /** Labels of the answered fields as they were when the applicant answered. */
  answer_labels: Json;
  /** Lower-cased name, e-mail and answers, for search. */
  search_text: string;
}

/** Options chosen by applications' answers (migration 0009), kept by triggers: read only by the statistics. */
export interface ApplicationChoicesTable {
  application_id: number;
  event_id: number;
  field: string;
  value: string;
  /** 0 for the first (or only) value of the answer. */
  position: number;
}

export interface PostsTable {
  id: Id;
  event_id: number;
  author_id: number | null;
  message: string;
  created_at: Timestamp;
  /** When the author last changed the message (the "edited" mark); null when never. */
  edited_at: Timestamp | null;
  /** When an admin pinned the post (pinned posts stay on top, newest pin first); null when not pinned. */
  pinned_at: Timestamp | null;
  /** The audience: null for every member, else this group's members and the admins. */
  group_id: number | null;
}

export interface CommentsTable {
  id: Id;
  post_id: number;
  event_id: number;
  author_id: number | null;
  message: string;
  created_at: Timestamp;
  edited_at: Timestamp | null;
}

export interface EventLinksTable {
  id: Id;
  event_id: number;
  title: string;
  url: string;
  created_at: Timestamp;
}

export interface FilesTable {
  id: Id;
  event_id: number;
  name: string;
  mime_type: string;
  size: number;
  storage_key: string;
  uploaded_by: number | null;
  /** JSON array of the role levels that may see the file, always with 0 (admins). */
  allowed_roles: Json;
  created_at: Timestamp;
  /** When it was renamed or its roles changed. */
  updated_at: Timestamp | null;
}

export interface MailsTable {
  id: Id;
  event_id: number;
  sender_id: number | null;
  subject: string;
  message: string;
  receiver_filter: Json;
  sender_name: Generated<string>;
  sender_email: Generated<string>;
  /** `text` or `html` (sanitised by the server before it was stored). */
  format: Generated<string>;
  /** The folder list's preview: the start of the message's text, computed when the e-mail is stored. */
  preview: Generated<string>;
  /** What the receivers' copies are composed from when sent (0031); null for e-mails stored before. */
  language: ColumnType<string | null, string | null | undefined, string | null>;
  event_name: ColumnType<string | null, string | null | undefined, string | null>;
  /** The message's text form: the message itself, or for rich text the text derived from its HTML. */
  message_text: ColumnType<string | null, string | null | undefined, string | null>;
  /** JSON: the linked files, `[{ name, url }]` with absolute download addresses. */
  linked_files: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

export interface MailReceiversTable {
  id: Id;
  mail_id: number;
  user_id: number | null;
  email: string;
  name: string;
  state: string;
  attempts: number;
  last_error: string | null;
  /** Why this person gets the e-mail, in words the mail's footer uses. */
  reason: Generated<string>;
  /** The first name its copy greets (0031); null for receivers stored before. */
  firstname: ColumnType<string | null, string | null | undefined, string | null>;
  updated_at: Timestamp;
}

/** A device receiving web push (migration 0044, the push module's). */
export interface PushSubscriptionsTable {
  id: Id;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: Timestamp;
  updated_at: Timestamp;
  last_success_at: Timestamp | null;
  failures: Generated<number>;
}

/** A kind of notice whose channels the person changed from the default (push on). */
export interface NotificationPreferencesTable {
  user_id: number;
  kind: string;
  push: Flag;
  updated_at: Timestamp;
}

/** One outgoing message to one address (docs/decisions/008). */
export interface MailQueueTable {
  id: Id;
  event_id: number | null;
  receiver_id: number | null;
  user_id: number | null;
  to_email: string;
  to_name: string;
  subject: string;
  body_text: string;
  /** The HTML part of a rich-text message; null for plain text. */
  body_html: string | null;
  reply_to: string | null;
  /** The display name it goes out under (migration 0021); null: MAIL_FROM's own. */
  from_name: string | null;
  /** A push message to this device (migration 0044) instead of an e-mail; its body is the JSON payload. */
  push_subscription_id: number | null;
  reason: string;
  state: Generated<string>;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  lease_owner: string | null;
  lease_until: Timestamp | null;
  last_error: string | null;
  sent_at: Timestamp | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface MailLabelsTable {
  id: Id;
  event_id: number;
  name: string;
  type: string;
  color: string | null;
}

export interface MailLabelLinksTable {
  mail_id: number;
  label_id: number;
}

/** An event file linked from an e-mail (the receiver's role is checked when the link is opened). */
export interface MailAttachmentsTable {
  id: Id;
  mail_id: number;
  file_id: number;
  name: string;
  position: number;
}

/** Who of the organisers has opened which e-mail: the labels' unread counts. */
export interface MailReadsTable {
  mail_id: number;
  user_id: number;
  read_at: Timestamp;
}

/** An event's own sending rate (else MAIL_RATE_PER_MINUTE). */
export interface MailSettingsTable {
  event_id: number;
  rate_per_minute: number;
  updated_at: Timestamp;
}

export interface ShiftsTable {
  id: Id;
  event_id: number;
  title: string;
  description: string;
  location: string;
  starts_at: string;
  ends_at: string;
  capacity: number;
  group_id: number | null;
  created_at: Timestamp;
  /** How many times the shift changed (0030): an iCalendar SEQUENCE. */
  sequence: ColumnType<number, number | undefined, number | RawBuilder<number>>;
  /** When it last changed (0030); null: never. */
  updated_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface ShiftAssignmentsTable {
  id: Id;
  shift_id: number;
  event_user_id: number;
  /** null (not marked), `arrived` or `no_show` (0010). */
  attendance: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the reminder was queued (0014); null: not yet. */
  reminded_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1: the place came from the shift's waitlist (0046), and may be given back until the start. */
  from_waitlist: ColumnType<number, number | undefined, number>;
  created_at: Timestamp;
}

export interface SchedulingSettingsTable {
  event_id: number;
  min_rest_minutes: number;
  /** JSON array of group ids. */
  self_signup_group_ids: string;
  sign_off_closes_hours: number;
  /** 0014: hours before a shift its reminder goes out (0: none). */
  reminder_hours: ColumnType<number, number | undefined, number>;
  /** 0043: minutes after a shift's start without arrival before the live board says late. */
  late_after_minutes: ColumnType<number, number | undefined, number>;
  /** 0047: 1 when taking an offered place needs a leader's approval. */
  handover_approval: ColumnType<number, number | undefined, number>;
  updated_at: Timestamp;
}

/** The version of a member's personal code (0042); no row: version 1. */
export interface MemberCodesTable {
  event_user_id: number;
  version: number;
}

/** An arrival or departure, at the event (no shift) or for a shift (0042). */
export interface CheckInsTable {
  id: Id;
  event_id: number;
  event_user_id: number;
  shift_id: number | null;
  /** `arrive` or `leave`. */
  kind: string;
  at: Timestamp;
  recorded_at: Timestamp;
  recorded_by: number | null;
  client_id: string | null;
  applied: Flag;
  undone_at: string | null;
  /** The shift assignment's attendance before an applied arrival changed it. */
  previous_attendance: string | null;
}

/** An organiser's request that someone cover a free place of a shift (migration 0045, the cover module's). */
export interface CoverRequestsTable {
  id: Id;
  event_id: number;
  shift_id: number;
  created_by: number | null;
  created_at: Timestamp;
  taken_by_event_user_id: number | null;
  taken_at: Timestamp | null;
  closed_at: Timestamp | null;
}

/** Who a cover request asked (migration 0045). */
export interface CoverRequestOffersTable {
  cover_request_id: number;
  event_user_id: number;
  created_at: Timestamp;
}

/** A place on a shift its holder offers to the group until `until` (migration 0047, decision 033). */
export interface ShiftOffersTable {
  id: Id;
  event_id: number;
  shift_id: number;
  offered_by: number;
  taken_by: number | null;
  /** open | pending | taken | withdrawn (an open offer past `until` is answered as expired). */
  status: string;
  until: string;
  created_at: Timestamp;
  updated_at: string;
}

/** Who waits for a place on a full shift, in the order they came (migration 0046). */
export interface ShiftWaitlistTable {
  id: Id;
  shift_id: number;
  event_user_id: number;
  created_at: Timestamp;
}

/** Wish rounds of an event or one group (migration 0048, decision 035). */
export interface WishRoundsTable {
  id: Id;
  event_id: number;
  group_id: number | null;
  title: string;
  closes_at: Timestamp;
  min_shifts: number;
  max_shifts: number;
  options: Json;
  seed: number;
  /** The last allocation shown to the organiser (JSON), or null. */
  preview: Json | null;
  /** When the last preview was made: a round that closes without one made since is allocated at its closing. */
  allocated_at: Timestamp | null;
  /** The preview's places publishing could not give (JSON), once published. */
  skipped: Json | null;
  created_by: number | null;
  created_at: Timestamp;
  published_at: Timestamp | null;
}

export interface WishRoundShiftsTable {
  round_id: number;
  shift_id: number;
}

/** One person's wishes in a round: their friend code, how many shifts (null: not saved yet), their friend. */
export interface WishesTable {
  id: Id;
  round_id: number;
  event_user_id: number;
  friend_code: string;
  shift_count: number | null;
  friend_event_user_id: number | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

/** A person's choice of a shift in a round: `rank` 1… a wish, null a shift they cannot do. */
export interface WishChoicesTable {
  round_id: number;
  event_user_id: number;
  shift_id: number;
  rank: number | null;
}

export interface CalendarTokensTable {
  id: Id;
  user_id: number;
  token_hash: string;
  created_at: Timestamp;
}

export interface AuditLogTable {
  id: Id;
  event_id: number | null;
  actor_id: number | null;
  action: string;
  subject: string;
  details: Json;
  created_at: ColumnType<Timestamp, Timestamp, never>;
  /** The summary entry of the bulk change this row's entry belongs to (migration 0035); null: listed itself. */
  part_of: number | null;
}

/** Owned by the account module (rate limits). Fixed windows: the count since the window opened. */
export interface RateLimitCountersTable {
  key: string;
  count: number;
  window_ends_at: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  password_reset_tokens: PasswordResetTokensTable;
  email_confirmation_tokens: EmailConfirmationTokensTable;
  events: EventsTable;
  event_groups: EventGroupsTable;
  event_users: EventUsersTable;
  invitations: InvitationsTable;
  event_forms: EventFormsTable;
  applications: ApplicationsTable;
  application_answers: ApplicationAnswersTable;
  application_choices: ApplicationChoicesTable;
  posts: PostsTable;
  comments: CommentsTable;
  event_links: EventLinksTable;
  files: FilesTable;
  mails: MailsTable;
  mail_receivers: MailReceiversTable;
  mail_labels: MailLabelsTable;
  mail_label_links: MailLabelLinksTable;
  mail_queue: MailQueueTable;
  push_subscriptions: PushSubscriptionsTable;
  notification_preferences: NotificationPreferencesTable;
  mail_attachments: MailAttachmentsTable;
  mail_reads: MailReadsTable;
  mail_settings: MailSettingsTable;
  shifts: ShiftsTable;
  shift_assignments: ShiftAssignmentsTable;
  shift_waitlist: ShiftWaitlistTable;
  shift_offers: ShiftOffersTable;
  scheduling_settings: SchedulingSettingsTable;
  calendar_tokens: CalendarTokensTable;
  member_codes: MemberCodesTable;
  check_ins: CheckInsTable;
  cover_requests: CoverRequestsTable;
  cover_request_offers: CoverRequestOffersTable;
  wish_rounds: WishRoundsTable;
  wish_round_shifts: WishRoundShiftsTable;
  wishes: WishesTable;
  wish_choices: WishChoicesTable;
  audit_log: AuditLogTable;
  rate_limits: RateLimitCountersTable;
}

export type Db = Kysely<Database>;
export type DialectName = 'sqlite' | 'postgres';
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type EventRow = Selectable<EventsTable>;
export type EventUpdate = Updateable<EventsTable>;
export type ApplicationRow = Selectable<ApplicationsTable>;
