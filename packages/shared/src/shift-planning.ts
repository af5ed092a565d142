import { z } from 'zod';
import { cleanText, idSchema } from './common.js';
import { EXPORT_FORMATS, HOURS_EXPORT_COLUMNS, LIMITS } from './constants.js';
import { eventGroupRefSchema, exportColumnsField } from './events.js';
import { isoInstant, SHIFT_LIMITS } from './shifts.js';

/**
 * Planning views of shift scheduling (decision 015): the timeline, the "not full" and
 * "no shift" lists, moving an assignment, attendance and hours per volunteer.
 */
export const PLANNING_LIMITS = {
  /** The timeline answers at most this many days at once (a week view with room). */
  TIMELINE_DAYS_MAXIMUM: 35,
  PAGE_MAXIMUM: 100_000,
} as const;

const blankAsMissing = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema);
const pageField = z.coerce
  .number({ error: 'error.invalid' })
  .int({ error: 'error.invalid' })
  .min(1, { error: 'error.invalid' })
  .max(PLANNING_LIMITS.PAGE_MAXIMUM, { error: 'error.invalid' })
  .default(1);
const pageSizeField = z.coerce
  .number({ error: 'error.invalid' })
  .int({ error: 'error.invalid' })
  .min(1, { error: 'error.invalid' })
  .max(LIMITS.PAGE_SIZE_MAXIMUM, { error: 'error.invalid' })
  .default(LIMITS.PAGE_SIZE_DEFAULT);
const flag = blankAsMissing(z.enum(['0', '1'], { error: 'error.invalid' }).optional());

/** A shift as the timeline and the "not full" list show it: counts, no names (SQL aggregation). */
export const shiftBlockSchema = z.object({
  id: z.number(),
  title: z.string(),
  location: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  capacity: z.number(),
  group: eventGroupRefSchema.nullable(),
  /** People holding a place. */
  filled: z.number(),
  mine: z.boolean(),
});
export type ShiftBlock = z.infer<typeof shiftBlockSchema>;

/** GET …/scheduling/timeline: every shift overlapping [from, to) (both required, at most 35 days apart). */
export const timelineQuerySchema = z
  .object({
    from: isoInstant,
    to: isoInstant,
    groupId: blankAsMissing(idSchema.optional()),
    location: blankAsMissing(cleanText({ max: SHIFT_LIMITS.LOCATION_MAXIMUM, required: false }).optional()),
  })
  .refine((value) => Date.parse(value.to) > Date.parse(value.from), {
    error: 'error.timelineRange',
    path: ['to'],
  })
  .refine(
    (value) => Date.parse(value.to) - Date.parse(value.from) <= PLANNING_LIMITS.TIMELINE_DAYS_MAXIMUM * 86_400_000,
    { error: 'error.timelineRange', path: ['to'] },
  );
export type TimelineQuery = z.infer<typeof timelineQuerySchema>;
export const timelineResponseSchema = z.object({ shifts: z.array(shiftBlockSchema) });

/** GET …/scheduling/not-full: shifts with places free, by start; paged. */
export const notFullQuerySchema = z.object({
  from: blankAsMissing(isoInstant.optional()),
  to: blankAsMissing(isoInstant.optional()),
  groupId: blankAsMissing(idSchema.optional()),
  page: pageField,
  pageSize: pageSizeField,
});
export type NotFullQuery = z.infer<typeof notFullQuerySchema>;
export const notFullResponseSchema = z.object({ shifts: z.array(shiftBlockSchema), total: z.number() });

/** A volunteer as the "no shift" list and the hours table name them. */
export const plannedPersonSchema = z.object({
  eventUserId: z.number(),
  /** The account: what the mail composer takes as a receiver. */
  userId: z.number(),
  firstname: z.string(),
  lastname: z.string(),
  email: z.string(),
  group: eventGroupRefSchema.nullable(),
});
export type PlannedPerson = z.infer<typeof plannedPersonSchema>;

/** GET …/scheduling/without-shift: volunteers (role 2) of the event holding no shift, by name; paged. */
export const withoutShiftQuerySchema = z.object({
  groupId: blankAsMissing(idSchema.optional()),
  /** Name or e-mail contains it (case-insensitive), as the users table's search. */
  search: blankAsMissing(cleanText({ max: 200, required: false }).optional()),
  page: pageField,
  pageSize: pageSizeField,
});
export type WithoutShiftQuery = z.infer<typeof withoutShiftQuerySchema>;
/**
 * GET …/scheduling/without-shift/export: the same list with the same filters, every page, as CSV (`,` or `;`, with
 * a byte-order mark) or XLSX; columns first name, last name, e-mail, group.
 */
export const withoutShiftExportQuerySchema = withoutShiftQuerySchema.omit({ page: true, pageSize: true }).extend({
  format: z.enum(EXPORT_FORMATS, { error: 'error.invalid' }).default('csv'),
  delimiter: z.enum(['comma', 'semicolon'], { error: 'error.invalid' }).default('comma'),
});
export type WithoutShiftExportQuery = z.infer<typeof withoutShiftExportQuerySchema>;
export const withoutShiftResponseSchema = z.object({ users: z.array(plannedPersonSchema), total: z.number() });

/** POST …/assignments/{assignmentId}/move: the assignment goes to another shift (same rules as assigning). */
export const moveAssignmentSchema = z.object({ shiftId: idSchema });

export const ATTENDANCE_VALUES = ['arrived', 'no_show'] as const;
export type Attendance = (typeof ATTENDANCE_VALUES)[number];
/** POST …/assignments/{assignmentId}/attendance: `null` clears the mark. */
export const attendanceSchema = z.object({
  attendance: z.enum(ATTENDANCE_VALUES, { error: 'error.invalid' }).nullable(),
});
export const attendanceResponseSchema = z.object({
  assignment: z.object({
    id: z.number(),
    shiftId: z.number(),
    eventUserId: z.number(),
    attendance: z.enum(ATTENDANCE_VALUES).nullable(),
  }),
});

/** One shift's assignments with their attendance (organisers): what the attendance sheet shows. */
export const attendanceListSchema = z.object({
  assignments: z.array(
    z.object({
      id: z.number(),
      eventUserId: z.number(),
      firstname: z.string(),
      lastname: z.string(),
      attendance: z.enum(ATTENDANCE_VALUES).nullable(),
    }),
  ),
});

/** Hours per volunteer: members holding at least one shift, by name. */
const hoursFilters = {
  groupId: blankAsMissing(idSchema.optional()),
  /** `1`: count only shifts marked arrived. */
  arrivedOnly: flag,
};
export const hoursQuerySchema = z.object({ ...hoursFilters, page: pageField, pageSize: pageSizeField });
export type HoursQuery = z.infer<typeof hoursQuerySchema>;
export const hoursExportQuerySchema = z.object({
  ...hoursFilters,
  format: z.enum(EXPORT_FORMATS, { error: 'error.invalid' }).default('csv'),
  /** CSV only, as the users export: `semicolon` for Swedish and other European spreadsheet programs. */
  delimiter: z.enum(['comma', 'semicolon'], { error: 'error.invalid' }).default('comma'),
  /** Comma-separated, in the order wanted; all columns when left out (as the users export). */
  columns: exportColumnsField(HOURS_EXPORT_COLUMNS),
});
export type HoursExportQuery = z.infer<typeof hoursExportQuerySchema>;

export const hoursRowSchema = plannedPersonSchema.extend({
  shifts: z.number(),
  arrived: z.number(),
  noShow: z.number(),
  /** Minutes of the shifts counted (all, or only the arrived ones with `arrivedOnly=1`). */
  minutes: z.number(),
});
export type HoursRow = z.infer<typeof hoursRowSchema>;
export const hoursResponseSchema = z.object({ rows: z.array(hoursRowSchema), total: z.number() });
