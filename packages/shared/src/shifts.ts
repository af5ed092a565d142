import { z } from 'zod';
import { cleanText, idSchema, optionalText } from './common.js';
import { EVENT_DAY_LIMITS } from './constants.js';

/** Limits of shift scheduling. */
export const SHIFT_LIMITS = {
  TITLE_MAXIMUM: 200,
  DESCRIPTION_MAXIMUM: 5000,
  LOCATION_MAXIMUM: 200,
  CAPACITY_MAXIMUM: 10_000,
  /** One shift lasts at most this many hours. */
  DURATION_MAXIMUM_HOURS: 7 * 24,
  /** A minimum rest between one person's shifts of at most this many minutes. */
  REST_MAXIMUM_MINUTES: 7 * 24 * 60,
  /** Reminders go out at most this many hours before a shift. */
  REMINDER_MAXIMUM_HOURS: 14 * 24,
  /** A duplicated day makes at most this many shifts. */
  DUPLICATE_DAY_MAXIMUM: 500,
} as const;

/** An instant with an offset (`2026-07-03T08:00:00+02:00` or `…Z`); stored and answered as UTC ISO. */
export const isoInstant = z.iso.datetime({ offset: true, error: 'error.shiftTimeInvalid' });

const shiftFields = {
  title: cleanText({ max: SHIFT_LIMITS.TITLE_MAXIMUM, tooLong: 'error.shiftTitleTooLong' }),
  description: optionalText(SHIFT_LIMITS.DESCRIPTION_MAXIMUM, 'error.shiftDescriptionTooLong'),
  location: optionalText(SHIFT_LIMITS.LOCATION_MAXIMUM, 'error.shiftLocationTooLong'),
  startsAt: isoInstant,
  endsAt: isoInstant,
  capacity: z.coerce
    .number({ error: 'error.shiftCapacityInvalid' })
    .int({ error: 'error.shiftCapacityInvalid' })
    .min(1, { error: 'error.shiftCapacityInvalid' })
    .max(SHIFT_LIMITS.CAPACITY_MAXIMUM, { error: 'error.shiftCapacityInvalid' }),
  groupId: idSchema.nullable(),
};

const endsAfterStart = (value: { startsAt?: string; endsAt?: string }) =>
  value.startsAt === undefined || value.endsAt === undefined || Date.parse(value.endsAt) > Date.parse(value.startsAt);
const notTooLong = (value: { startsAt?: string; endsAt?: string }) =>
  value.startsAt === undefined ||
  value.endsAt === undefined ||
  Date.parse(value.endsAt) - Date.parse(value.startsAt) <= SHIFT_LIMITS.DURATION_MAXIMUM_HOURS * 3_600_000;

export const createShiftSchema = z
  .object(shiftFields)
  .refine(endsAfterStart, { error: 'error.shiftEndsBeforeStart', path: ['endsAt'] })
  .refine(notTooLong, { error: 'error.shiftTooLong', path: ['endsAt'] });
export type CreateShiftInput = z.infer<typeof createShiftSchema>;

/** Many shifts at once (a repeating pattern, a duplicated day): all or none. */
export const SHIFTS_PER_BATCH_MAXIMUM = 100;
export const createShiftsSchema = z.object({
  shifts: z
    .array(createShiftSchema)
    .min(1, { error: 'error.shiftBatchSize' })
    .max(SHIFTS_PER_BATCH_MAXIMUM, { error: 'error.shiftBatchSize' }),
});

/** A change of a shift: any of the fields; start and end are checked together with the stored ones. */
export const updateShiftSchema = z
  .object({
    title: shiftFields.title.optional(),
    description: cleanText({
      max: SHIFT_LIMITS.DESCRIPTION_MAXIMUM,
      required: false,
      tooLong: 'error.shiftDescriptionTooLong',
    }).optional(),
    location: cleanText({
      max: SHIFT_LIMITS.LOCATION_MAXIMUM,
      required: false,
      tooLong: 'error.shiftLocationTooLong',
    }).optional(),
    startsAt: isoInstant.optional(),
    endsAt: isoInstant.optional(),
    capacity: shiftFields.capacity.optional(),
    groupId: idSchema.nullable().optional(),
  })
  .refine(endsAfterStart, { error: 'error.shiftEndsBeforeStart', path: ['endsAt'] });
export type UpdateShiftInput = z.infer<typeof updateShiftSchema>;

export const shiftAssigneeSchema = z.object({
  /** The assignment's id. */
  id: z.number(),
  eventUserId: z.number(),
  firstname: z.string(),
  lastname: z.string(),
  createdAt: z.string(),
  /** Marked after the start (shift-planning.ts): arrived, no-show, or not marked. */
  attendance: z.enum(['arrived', 'no_show']).nullable(),
  /** The place came from the shift's waitlist: its holder may give it back until the start. */
  fromWaitlist: z.boolean(),
});
export type ShiftAssignee = z.infer<typeof shiftAssigneeSchema>;

export const shiftSchema = z.object({
  id: z.number(),
  title: z.string(),
  description: z.string(),
  location: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  capacity: z.number(),
  group: z.object({ id: z.number(), name: z.string() }).nullable(),
  assignments: z.array(shiftAssigneeSchema),
  /** True when the caller holds a place on it. */
  mine: z.boolean(),
  /** How many wait for a place, and the caller's place in that line (1 first; null when not on it). */
  waitlist: z.object({ size: z.number(), myPosition: z.number().nullable() }),
});
export type Shift = z.infer<typeof shiftSchema>;

/** `POST /api/event/{id}/shifts/{shiftId}/waitlist` → 201: the caller's place in the line (1 first). */
export const waitlistJoinResponseSchema = z.object({ position: z.number() });

/** Who waits for a place on a shift, first first (organisers: `GET …/shifts/{shiftId}/waitlist`). */
export const waitlistEntrySchema = z.object({
  eventUserId: z.number(),
  firstname: z.string(),
  lastname: z.string(),
  position: z.number(),
  createdAt: z.string(),
});
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;

const blankAsMissing = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema);

export const shiftsListQuerySchema = z.object({
  /** Shifts that end after this instant. */
  from: blankAsMissing(isoInstant.optional()),
  /** Shifts that start before this instant. */
  to: blankAsMissing(isoInstant.optional()),
  groupId: blankAsMissing(idSchema.optional()),
  location: blankAsMissing(cleanText({ max: SHIFT_LIMITS.LOCATION_MAXIMUM, required: false }).optional()),
  /** `1`: only shifts with places free. */
  free: blankAsMissing(z.enum(['0', '1'], { error: 'error.invalid' }).optional()),
});
export type ShiftsListQuery = z.infer<typeof shiftsListQuerySchema>;

export const shiftsListResponseSchema = z.object({
  shifts: z.array(shiftSchema),
});

export const addAssignmentSchema = z.object({ eventUserId: idSchema });

export const shiftAssignmentSchema = z.object({
  id: z.number(),
  shiftId: z.number(),
  eventUserId: z.number(),
  createdAt: z.string(),
});
export type ShiftAssignment = z.infer<typeof shiftAssignmentSchema>;

/** Scheduling rules of an event. */
export const schedulingSettingsSchema = z.object({
  /** Minutes one person must rest between two shifts (0: no rule). */
  minRestMinutes: z.coerce
    .number({ error: 'error.invalid' })
    .int({ error: 'error.invalid' })
    .min(0, { error: 'error.invalid' })
    .max(SHIFT_LIMITS.REST_MAXIMUM_MINUTES, { error: 'error.invalid' }),
  /** Groups whose volunteers may sign up and off by themselves. */
  selfSignupGroupIds: z.array(idSchema).max(1000, { error: 'error.invalid' }),
  /** Hours before a shift's start after which a volunteer can no longer sign off. */
  signOffClosesHours: z.coerce
    .number({ error: 'error.invalid' })
    .int({ error: 'error.invalid' })
    .min(0, { error: 'error.invalid' })
    .max(24 * 30, { error: 'error.invalid' }),
  /** Hours before a shift's start its people get a reminder by e-mail (0: no reminders); 24 when not given. */
  reminderHours: z.coerce
    .number({ error: 'error.invalid' })
    .int({ error: 'error.invalid' })
    .min(0, { error: 'error.invalid' })
    .max(SHIFT_LIMITS.REMINDER_MAXIMUM_HOURS, { error: 'error.invalid' })
    .default(24),
  /** Minutes after a shift's start without a check-in before the live board calls a person late; 10 when not given. */
  lateAfterMinutes: z.coerce
    .number({ error: 'error.invalid' })
    .int({ error: 'error.invalid' })
    .min(0, { error: 'error.invalid' })
    .max(EVENT_DAY_LIMITS.LATE_AFTER_MINUTES_MAXIMUM, { error: 'error.invalid' })
    .default(EVENT_DAY_LIMITS.LATE_AFTER_MINUTES_DEFAULT),
  /** A volunteer taking a place another offers needs a leader's approval (decision 033); false when not given. */
  handoverApproval: z.boolean({ error: 'error.invalid' }).default(false),
});
export type SchedulingSettings = z.infer<typeof schedulingSettingsSchema>;

// --- duplicating (decision 014) ---

/** A copy of one shift at another start; the length, texts, group and places are kept, the people are not. */
export const duplicateShiftSchema = z.object({ startsAt: isoInstant });

const calendarDay = z.iso.date({ error: 'error.shiftDayInvalid' });

/**
 * Every shift starting on `from` (a day in the event's time zone) copied to `to`, at the same wall-clock times
 * in that zone. `preview: true` answers what would be made and makes nothing.
 */
export const duplicateDaySchema = z
  .object({ from: calendarDay, to: calendarDay, preview: z.boolean().optional() })
  .refine((value) => value.from !== value.to, { error: 'error.duplicateSameDay', path: ['to'] });
export type DuplicateDayInput = z.infer<typeof duplicateDaySchema>;

export const shiftDraftSchema = z.object({
  /** The shift it copies. */
  sourceId: z.number(),
  /** The new shift's id; null in a preview. */
  id: z.number().nullable(),
  title: z.string(),
  location: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  capacity: z.number(),
  group: z.object({ id: z.number(), name: z.string() }).nullable(),
});
export type ShiftDraft = z.infer<typeof shiftDraftSchema>;
export const duplicateDayResponseSchema = z.object({ shifts: z.array(shiftDraftSchema), created: z.boolean() });
export type DuplicateDayResponse = z.infer<typeof duplicateDayResponseSchema>;

// --- the secret calendar feed (one per user, all their events) ---

export const calendarFeedSchema = z.object({
  /** When the current secret URL was made; null: none. */
  createdAt: z.string().nullable(),
  /** The URL itself: only in the answer that made it (only its hash is stored). */
  url: z.string().nullable(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;
