import { z } from 'zod';
import { cleanText, idSchema, safeString } from './common.js';
import {
  APPLICATION_SEARCH_MAXIMUM,
  APPLICATION_SORT_DEFAULT,
  APPLICATION_SORTS,
  APPLICATION_STATUSES,
  APPLICATIONS_BULK_IDS_MAXIMUM,
  APPLICATIONS_NOTIFY_LIMITS,
  EXPORT_FORMATS,
  LIMITS,
  NO_GROUP_FILTER,
} from './constants.js';
import { answerValueSchema } from './forms.js';

/**
 * Applications review: list filters, sorting, the group x status summary and bulk updates. The web
 * table and the server route use these same schemas.
 */

/** Texts the server answers with; the web translates the same keys. */

/** A list given as `a,b` (query string), as repeated parameters, or as a JSON array (bulk body). */
const listInput = z.union([z.string().max(5000), z.number(), z.array(z.union([z.string().max(200), z.number()]))]);
const toList = (value: z.infer<typeof listInput>): string[] =>
  (Array.isArray(value) ? value.map(String) : String(value).split(','))
    .map((item) => item.trim())
    .filter((item) => item !== '');

export const statusFilterSchema = listInput
  .transform(toList)
  .pipe(z.array(z.enum(APPLICATION_STATUSES)).max(APPLICATION_STATUSES.length * 2));

/** Group ids, and 'none' for applications without a group (null in the parsed list). */
export const groupFilterSchema = listInput
  .transform((value): unknown[] => toList(value))
  .pipe(z.array(z.union([z.literal(NO_GROUP_FILTER), idSchema])).max(500))
  .transform((list) => list.map((item) => (item === NO_GROUP_FILTER ? null : item)));

/** Week-separation option values (applications.week). */
export const weekFilterSchema = listInput.transform(toList).pipe(z.array(safeString().max(100)).max(50));

export const applicationFilterSchema = z.object({
  status: statusFilterSchema.optional(),
  groupId: groupFilterSchema.optional(),
  week: weekFilterSchema.optional(),
  /** Case-insensitive substring of the applicant's name, e-mail or answers. */
  search: safeString().trim().max(APPLICATION_SEARCH_MAXIMUM).optional(),
});
export type ApplicationFilterInput = z.input<typeof applicationFilterSchema>;
export type ApplicationFilter = z.output<typeof applicationFilterSchema>;

export const applicationListQuerySchema = applicationFilterSchema.extend({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(LIMITS.PAGE_SIZE_MAXIMUM).default(LIMITS.PAGE_SIZE_DEFAULT),
  sort: z.enum(APPLICATION_SORTS).default(APPLICATION_SORT_DEFAULT),
});
export type ApplicationListQuery = z.input<typeof applicationListQuerySchema>;

export const applicationAnswerMapSchema = z.record(z.string(), answerValueSchema);

export const applicationSchema = z.object({
  id: z.number(),
  user: z.object({ id: z.number(), firstname: z.string(), lastname: z.string(), email: z.string() }),
  status: z.enum(APPLICATION_STATUSES),
  group: z.object({ id: z.number(), name: z.string() }).nullable(),
  /** The week-separation option the answers select, when the event uses week separation. */
  week: z.string().nullable(),
  answers: applicationAnswerMapSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Application = z.infer<typeof applicationSchema>;

/** Every status, zero included, so a table can show all six columns. */
export const applicationStatusCountsSchema = z.record(z.enum(APPLICATION_STATUSES), z.number());
export type ApplicationStatusCounts = z.infer<typeof applicationStatusCountsSchema>;

export const applicationGroupSummarySchema = z.object({
  /** null: applications without a group. */
  groupId: z.number().nullable(),
  groupName: z.string().nullable(),
  total: z.number(),
  byStatus: applicationStatusCountsSchema,
});

/** Counts for the current filter (pagination aside): by status, and groups x statuses. */
export const applicationSummarySchema = z.object({
  byStatus: applicationStatusCountsSchema,
  byGroup: z.array(applicationGroupSummarySchema),
});
export type ApplicationSummary = z.infer<typeof applicationSummarySchema>;

export const applicationListResponseSchema = z.object({
  applications: z.array(applicationSchema),
  total: z.number(),
  page: z.number(),
  pageSize: z.number(),
  summary: applicationSummarySchema,
});
export type ApplicationListResponse = z.infer<typeof applicationListResponseSchema>;

export const applicationHistoryEntrySchema = z.object({
  /** `application.status_changed`, `application.group_changed`, …; details hold `from` and `to`. */
  action: z.string(),
  details: z.record(z.string(), z.unknown()),
  actor: z.object({ id: z.number(), firstname: z.string(), lastname: z.string() }).nullable(),
  createdAt: z.string(),
});
export type ApplicationHistoryEntry = z.infer<typeof applicationHistoryEntrySchema>;

export const applicationDetailResponseSchema = z.object({
  application: applicationSchema.extend({
    /** Field labels as the applicant saw them, keyed like `answers`. */
    answerLabels: z.record(z.string(), z.string()),
  }),
  history: z.array(applicationHistoryEntrySchema),
});
export type ApplicationDetailResponse = z.infer<typeof applicationDetailResponseSchema>;

/**
 * The e-mail to the applicants whose status changes: the subject and message as the reviewer wrote them
 * (`{firstname}` filled in per receiver); the header and footer around it are written in each receiver's language.
 */
export const applicationsNotifySchema = z.object({
  subject: cleanText({
    max: APPLICATIONS_NOTIFY_LIMITS.SUBJECT_MAXIMUM,
    requiredCode: 'mail.subjectRequired',
    tooLong: 'mail.subjectTooLong',
  }),
  message: cleanText({
    max: APPLICATIONS_NOTIFY_LIMITS.MESSAGE_MAXIMUM,
    requiredCode: 'mail.messageRequired',
    tooLong: 'error.applicationsNotifyTooLong',
  }),
});
export type ApplicationsNotify = z.infer<typeof applicationsNotifySchema>;

export const applicationsUpdateSchema = z
  .object({
    /** The selected rows. */
    ids: z.array(idSchema).min(1).max(APPLICATIONS_BULK_IDS_MAXIMUM).optional(),
    /** Instead of ids: every application matching this filter ("all N matching"). */
    filter: applicationFilterSchema.optional(),
    status: z.enum(APPLICATION_STATUSES).optional(),
    /** null: no group. */
    groupId: idSchema.nullable().optional(),
    /** E-mail the applicants whose status this changes (only with a status). */
    notify: applicationsNotifySchema.optional(),
  })
  .refine((body) => (body.ids === undefined) !== (body.filter === undefined), {
    error: 'error.applicationsSelectionRequired',
    path: ['ids'],
  })
  .refine((body) => body.status !== undefined || body.groupId !== undefined, {
    error: 'error.applicationsNothingToSet',
    path: ['status'],
  })
  .refine((body) => body.notify === undefined || body.status !== undefined, {
    error: 'error.applicationsNotifyWithoutStatus',
    path: ['notify'],
  });
export type ApplicationsUpdateInput = z.input<typeof applicationsUpdateSchema>;

export const applicationsUpdateResponseSchema = z.object({
  /** How many applications changed (a row already in the wanted state does not count). */
  updated: z.number(),
  /** With a notification: how many e-mails were queued (one per applicant whose status changed). */
  notified: z.number().optional(),
});

// --- export (GET /api/event/{id}/applications/export) ---

/** The applicant's own columns of the export; answer columns are named by their form field's name. */
export const APPLICATION_EXPORT_BASE_COLUMNS = [
  'firstname',
  'lastname',
  'email',
  'status',
  'group',
  'week',
  'createdAt',
] as const;
export type ApplicationExportBaseColumn = (typeof APPLICATION_EXPORT_BASE_COLUMNS)[number];

/** An export holds at most this many applications (a larger one asks for a narrower filter). */
export const APPLICATIONS_EXPORT_MAXIMUM = 20_000;

/**
 * The review's filters and sort, the file format, the CSV separator and the columns in the order wanted: base
 * columns and form field names (`firstname,lastname,form-field-custom-3`); all of them when left out.
 */
export const applicationExportQuerySchema = applicationFilterSchema.extend({
  sort: z.enum(APPLICATION_SORTS).default(APPLICATION_SORT_DEFAULT),
  format: z.enum(EXPORT_FORMATS, { error: 'error.invalid' }).default('csv'),
  /** CSV only: `semicolon` for Swedish and other European spreadsheet programs, `comma` otherwise. */
  delimiter: z.enum(['comma', 'semicolon'], { error: 'error.invalid' }).default('comma'),
  columns: z
    .string()
    .max(5000)
    .transform((value) =>
      value
        .split(',')
        .map((column) => column.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().max(100)).max(250))
    .optional(),
});
export type ApplicationExportQuery = z.input<typeof applicationExportQuerySchema>;
