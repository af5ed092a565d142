import { z } from 'zod';
import { emailField } from './auth.js';
import { idSchema, safeString, visibleAtLeast } from './common.js';
import {
  APPLICATION_STATUSES,
  EVENT_STATUSES,
  EXPORT_FORMATS,
  GROUP_WANTED_MAXIMUM,
  LIMITS,
  MEMBER_EXPORT_COLUMNS,
  MEMBER_SORTS,
} from './constants.js';
import { type Answers, formFieldsSchema } from './forms.js';
import { timeZoneField } from './time-zones.js';

export const weekSeparationConfigSchema = z.object({
  formFieldName: safeString().min(1).max(100),
  filterLabel: safeString().trim().min(1).max(100).refine(visibleAtLeast(1), { error: 'error.blank' }),
  columnLabel: safeString().trim().min(1).max(100).refine(visibleAtLeast(1), { error: 'error.blank' }),
  options: z
    .array(
      z.object({
        value: safeString().trim().min(1).max(100),
        label: safeString().trim().min(1).max(200).refine(visibleAtLeast(1), { error: 'error.blank' }),
      }),
    )
    .min(1)
    .max(20),
});
export type WeekSeparationConfig = z.infer<typeof weekSeparationConfigSchema>;

export const eventNameField = safeString('error.eventNameTooShort')
  .trim()
  .min(LIMITS.EVENT_NAME_MINIMUM, { error: 'error.eventNameTooShort' })
  .max(LIMITS.EVENT_NAME_MAXIMUM, { error: 'error.eventNameTooLong' })
  .refine(visibleAtLeast(LIMITS.EVENT_NAME_MINIMUM), { error: 'error.eventNameTooShort' });

export const eventSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  avatarUrl: z.string().nullable(),
  status: z.enum(EVENT_STATUSES),
  applicationsOpen: z.boolean(),
  useWeekSeparation: z.boolean(),
  weekSeparationConfig: weekSeparationConfigSchema.nullable(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  /** IANA time zone every time of the event is shown in (the server's when not chosen). */
  timeZone: z.string(),
});
export type Event = z.infer<typeof eventSchema>;

/**
 * The week-separation option an application's answers select: the configured field's value when it is one of
 * the options; for a multiple-choice field, the first option (in configured order) that was ticked.
 */
export function weekOfAnswers(answers: Answers, config: WeekSeparationConfig | null): string | null {
  if (!config) return null;
  const answer = answers[config.formFieldName];
  const chosen = Array.isArray(answer) ? answer : answer === null || answer === undefined ? [] : [String(answer)];
  return config.options.find((option) => chosen.includes(option.value))?.value ?? null;
}

// ---------------------------------------------------------------------------------------------------------------
// Events, groups, members, access and audit log (spec sections 3, 6, 7). Error texts: messages.ts.

export const EVENT_LIMITS = {
  GROUP_NAME_MAXIMUM: 100,
  DESCRIPTION_MAXIMUM: 5000,
  SEARCH_MAXIMUM: 200,
  /** GET /api/events answers this many by default: a home page rarely needs more. */
  EVENTS_PAGE_SIZE_DEFAULT: 100,
} as const;

/** A query value of '' (an empty filter in a URL) means "not given". */
const blankAsMissing = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema);

const pageField = z.coerce.number().int().min(1).default(1);
const pageSizeField = (fallback: number) =>
  z.coerce.number().int().min(1).max(LIMITS.PAGE_SIZE_MAXIMUM).default(fallback);

export const roleLevelSchema = z.union([z.literal(0), z.literal(1), z.literal(2)], { error: 'error.invalid' });

export const descriptionField = safeString()
  .trim()
  .max(EVENT_LIMITS.DESCRIPTION_MAXIMUM, { error: 'error.descriptionTooLong' });

/** A calendar day, YYYY-MM-DD. */
export const eventDateField = z.iso.date({ error: 'error.invalid' });

export const eventGroupRefSchema = z.object({ id: z.number(), name: z.string() });
export type EventGroupRef = z.infer<typeof eventGroupRefSchema>;

// --- events ---

export const createEventSchema = z.object({ name: eventNameField, description: descriptionField.optional() });
export type CreateEventInput = z.infer<typeof createEventSchema>;

const weekSettingsSchema = weekSeparationConfigSchema.refine(
  (config) => new Set(config.options.map((option) => option.value)).size === config.options.length,
  { error: 'error.invalid', path: ['options'] },
);

/**
 * The control panel's settings; every field is optional (only those given change). When week separation is
 * on, its config is required and `formFieldName` must name a question of the event's form.
 */
export const eventSettingsSchema = z
  .object({
    name: eventNameField.optional(),
    description: descriptionField.optional(),
    status: z.enum(EVENT_STATUSES, { error: 'error.invalid' }).optional(),
    startsAt: eventDateField.nullable().optional(),
    endsAt: eventDateField.nullable().optional(),
    useWeekSeparation: z.boolean().optional(),
    weekSeparationConfig: weekSettingsSchema.nullable().optional(),
    timeZone: timeZoneField.optional(),
  })
  .refine((settings) => !settings.startsAt || !settings.endsAt || settings.endsAt >= settings.startsAt, {
    error: 'error.endsBeforeStarts',
    path: ['endsAt'],
  });
export type EventSettingsInput = z.infer<typeof eventSettingsSchema>;

export const applicationsOpenSchema = z.object({ open: z.boolean() });

/** One entry of the home page: an event the user belongs to, applied to, or may apply to. */
export const eventSummarySchema = z.object({
  id: z.number(),
  name: z.string(),
  avatarUrl: z.string().nullable(),
  status: z.enum(EVENT_STATUSES),
  applicationsOpen: z.boolean(),
  /** The caller's role in the event; null when not a member. */
  roleLevel: roleLevelSchema.nullable(),
  /** The caller's application to the event; null when none. */
  applicationStatus: z.enum(APPLICATION_STATUSES).nullable(),
});
export type EventSummary = z.infer<typeof eventSummarySchema>;

export const eventsListQuerySchema = z.object({
  page: pageField,
  pageSize: pageSizeField(EVENT_LIMITS.EVENTS_PAGE_SIZE_DEFAULT),
});
export const eventsListResponseSchema = z.object({ events: z.array(eventSummarySchema), total: z.number() });

/** The caller's membership as GET /api/event/{id} returns it (spec section 3: role.eventRole, role.eventGroup). */
export const eventUserSchema = z.object({
  id: z.number(),
  userId: z.number(),
  role: z.object({
    eventRole: z.object({ roleLevel: roleLevelSchema }),
    eventGroup: eventGroupRefSchema.nullable(),
  }),
});
export type EventUser = z.infer<typeof eventUserSchema>;

/** `eventForm` of GET /api/event/{id}: the application form's fields (the builder's own call has more). */
export const eventDetailFormSchema = z.object({ fields: formFieldsSchema });

export const eventDetailResponseSchema = z.object({
  event: eventSchema,
  eventUser: eventUserSchema,
  eventForm: eventDetailFormSchema,
});
export type EventDetail = z.infer<typeof eventDetailResponseSchema>;

// --- groups ---

export const groupNameField = safeString('error.groupNameRequired')
  .trim()
  .min(1, { error: 'error.groupNameRequired' })
  .max(EVENT_LIMITS.GROUP_NAME_MAXIMUM, { error: 'error.groupNameTooLong' })
  .refine(visibleAtLeast(1), { error: 'error.groupNameRequired' });

/** How many people a group should end up with: a whole number, or null for "not set". */
export const groupWantedField = z
  .number({ error: 'error.groupWantedInvalid' })
  .int({ error: 'error.groupWantedInvalid' })
  .min(0, { error: 'error.groupWantedInvalid' })
  .max(GROUP_WANTED_MAXIMUM, { error: 'error.groupWantedInvalid' })
  .nullable();

export const groupSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  memberCount: z.number(),
  /** The number of people the group should have (statistics: acceptance progress); null when not set. */
  wanted: z.number().nullable(),
});
export type Group = z.infer<typeof groupSchema>;

export const createGroupSchema = z.object({
  name: groupNameField,
  description: descriptionField.optional(),
  wanted: groupWantedField.optional(),
});
export const updateGroupSchema = z.object({
  name: groupNameField.optional(),
  description: descriptionField.optional(),
  wanted: groupWantedField.optional(),
});
export const groupsListQuerySchema = z.object({
  page: pageField,
  pageSize: pageSizeField(LIMITS.PAGE_SIZE_MAXIMUM),
});
export const groupsListResponseSchema = z.object({ groups: z.array(groupSchema), total: z.number() });

// --- members (the users table) ---

/**
 * An export's `columns` parameter (the users table, hours per volunteer): comma-separated, in the order wanted;
 * every column when left out. A name not in `catalogue` is a 400 `error.invalid`.
 */
export const exportColumnsField = <const T extends readonly [string, ...string[]]>(catalogue: T) =>
  blankAsMissing(
    z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((column) => column.trim())
          .filter(Boolean),
      )
      .pipe(z.array(z.enum(catalogue, { error: 'error.invalid' })).min(1, { error: 'error.invalid' }))
      .optional(),
  );

export const memberSchema = z.object({
  /** The membership (event_user) id: the one the member routes take. */
  id: z.number(),
  userId: z.number(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  roleLevel: roleLevelSchema,
  group: eventGroupRefSchema.nullable(),
  avatar: z.string().nullable(),
  createdAt: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

/** Filters shared by the users table and its export. `groupId=none` picks members without a group. */
export const memberFiltersSchema = z.object({
  search: blankAsMissing(safeString().trim().max(EVENT_LIMITS.SEARCH_MAXIMUM).optional()),
  groupId: blankAsMissing(z.union([z.literal('none'), idSchema]).optional()),
  roleLevel: blankAsMissing(z.coerce.number().int().min(0).max(2).optional()),
  sort: blankAsMissing(
    z
      .string()
      .refine((value) => (MEMBER_SORTS as readonly string[]).includes(value), { error: 'error.invalid' })
      .optional(),
  ),
});
export type MemberFilters = z.infer<typeof memberFiltersSchema>;

export const membersListQuerySchema = memberFiltersSchema.extend({
  page: pageField,
  pageSize: pageSizeField(LIMITS.PAGE_SIZE_DEFAULT),
});
export const membersListResponseSchema = z.object({ users: z.array(memberSchema), total: z.number() });

export const membersExportQuerySchema = memberFiltersSchema.extend({
  format: z.enum(EXPORT_FORMATS, { error: 'error.invalid' }).default('csv'),
  /** CSV only: `semicolon` for Swedish and other European spreadsheet programs, `comma` otherwise. */
  delimiter: z.enum(['comma', 'semicolon'], { error: 'error.invalid' }).default('comma'),
  /** Comma-separated, in the order wanted; all columns when left out. */
  columns: exportColumnsField(MEMBER_EXPORT_COLUMNS),
});

export const addMemberSchema = z.object({
  email: emailField,
  roleLevel: roleLevelSchema.default(2),
  groupId: idSchema.nullable().default(null),
});
export type AddMemberInput = z.infer<typeof addMemberSchema>;

// --- invitations (POST /api/event/{id}/users invites by e-mail; the person accepts or declines) ---

export const INVITATION_LIMITS = {
  /** An invitation nobody answered lapses after this many days. */
  VALID_DAYS: 30,
  /** Invitations one admin may send per hour, over every event (the rest get 429). */
  PER_ADMIN_PER_HOUR: 50,
} as const;

/** The body of POST /api/event/{id}/users: whom to invite, with the role and group they get on accepting. */
export const inviteMemberSchema = addMemberSchema;
export type InviteMemberInput = AddMemberInput;

/**
 * An invitation as the event's admins see it. The same shape whether or not the address has an account (no
 * name, no user id): the answer never tells who uses Funkis. A declined invitation looks like any other that
 * was not accepted, until it lapses.
 */
export const eventInvitationSchema = z.object({
  id: z.number(),
  email: z.string(),
  roleLevel: roleLevelSchema,
  group: eventGroupRefSchema.nullable(),
  invitedBy: z.object({ id: z.number(), firstname: z.string(), lastname: z.string() }).nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type EventInvitation = z.infer<typeof eventInvitationSchema>;
export const eventInvitationsResponseSchema = z.object({ invitations: z.array(eventInvitationSchema) });

/** An invitation as the invited person sees it on their home page (GET /api/invitations). */
export const myInvitationSchema = z.object({
  id: z.number(),
  event: z.object({ id: z.number(), name: z.string() }),
  roleLevel: roleLevelSchema,
  group: eventGroupRefSchema.nullable(),
  invitedBy: z.object({ firstname: z.string(), lastname: z.string() }).nullable(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export type MyInvitation = z.infer<typeof myInvitationSchema>;
export const myInvitationsResponseSchema = z.object({ invitations: z.array(myInvitationSchema) });

export const updateMemberSchema = z.object({
  roleLevel: roleLevelSchema.optional(),
  groupId: idSchema.nullable().optional(),
});
export type UpdateMemberInput = z.infer<typeof updateMemberSchema>;

// --- control panel: access section ---

export const accessPersonSchema = z.object({
  id: z.number(),
  userId: z.number(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  group: eventGroupRefSchema.nullable(),
});
export type AccessPerson = z.infer<typeof accessPersonSchema>;

/** page/pageSize apply to each of the three lists; `totals` counts them all. */
export const accessQuerySchema = z.object({ page: pageField, pageSize: pageSizeField(100) });
export const accessResponseSchema = z.object({
  admins: z.array(accessPersonSchema),
  groupLeaders: z.array(accessPersonSchema),
  volunteers: z.array(accessPersonSchema),
  totals: z.object({ admins: z.number(), groupLeaders: z.number(), volunteers: z.number() }),
});

// --- audit log ---

/** The actions this area writes; other modules add their own (`application.status_changed`, …). */
export const EVENT_AUDIT_ACTIONS = [
  'event.created',
  'event.settings_changed',
  'event.avatar_changed',
  'event.applications_opened',
  'event.applications_closed',
  'group.created',
  'group.updated',
  'group.deleted',
  'member.added',
  'member.role_changed',
  'member.group_changed',
  'member.removed',
] as const;

/**
 * What an entry's subject (`kind:id`) names now, read when the page is listed: the applicant of an application, a
 * member's or user's name, a shift's title (and start), a group's, file's or label's name, a mail's subject, an
 * invitation's address. `exists` false: it has been removed since (the entry's details may still name it).
 */
export const auditTargetSchema = z.object({
  kind: z.string(),
  id: z.number(),
  name: z.string().nullable(),
  exists: z.boolean(),
  /** A shift's start (ISO); null for other kinds. */
  startsAt: z.string().nullable(),
});
export type AuditTarget = z.infer<typeof auditTargetSchema>;

export const auditEntrySchema = z.object({
  id: z.number(),
  action: z.string(),
  /** What it happened to: `event:3`, `event_user:12`, `group:4`. */
  subject: z.string(),
  details: z.record(z.string(), z.unknown()),
  /** Who did it; null when the account has since been removed. */
  actor: z.object({ id: z.number(), firstname: z.string(), lastname: z.string() }).nullable(),
  createdAt: z.string(),
  /** The subject resolved; null when the subject is not of the form `kind:id`. */
  target: auditTargetSchema.nullable(),
  /** The member an entry is about besides its subject (who was signed up for a shift, `details.eventUserId`). */
  person: z.object({ eventUserId: z.number(), name: z.string().nullable() }).nullable(),
  /** How many rows one bulk change changed (docs/decisions/025); null for an entry about one thing. */
  count: z.number().nullable(),
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;

export const auditListQuerySchema = z.object({ page: pageField, pageSize: pageSizeField(LIMITS.PAGE_SIZE_DEFAULT) });
export const auditListResponseSchema = z.object({ entries: z.array(auditEntrySchema), total: z.number() });
