import { z } from 'zod';
import { idSchema } from './common.js';
import { BOARD_STATES, CHECK_IN_KINDS, EVENT_DAY_LIMITS } from './constants.js';
import { coverRequestSchema } from './cover.js';
import { eventGroupRefSchema } from './events.js';
import { isoInstant } from './shifts.js';

/**
 * The event day (decision 028): a personal code per member and event, check-in and check-out by code or name,
 * and the live board of who is where.
 */

/** GET /event/{id}/my-code: the text the member's QR code carries. */
export const myCodeSchema = z.object({ code: z.string() });

const clientIdField = z
  .string({ error: 'error.invalid' })
  .min(1, { error: 'error.invalid' })
  .max(EVENT_DAY_LIMITS.CLIENT_ID_MAXIMUM, { error: 'error.invalid' })
  .regex(/^[A-Za-z0-9_-]+$/, { error: 'error.invalid' });

const codeField = z
  .string({ error: 'error.codeInvalid' })
  .trim()
  .min(1, { error: 'error.codeInvalid' })
  .max(EVENT_DAY_LIMITS.CODE_MAXIMUM, { error: 'error.codeInvalid' });

/**
 * POST /event/{id}/check-ins: who (their code, or their membership id when found by name), what ("arrive" or
 * "leave"), for the event (no shiftId) or one shift; `at` is when a scan kept offline was made (default: now);
 * `clientId` makes a replayed scan a no-op.
 */
export const checkInInputSchema = z
  .object({
    code: codeField.optional(),
    eventUserId: idSchema.optional(),
    shiftId: idSchema.nullable().optional(),
    kind: z.enum(CHECK_IN_KINDS, { error: 'error.invalid' }),
    at: isoInstant.optional(),
    clientId: clientIdField.optional(),
  })
  .refine((value) => (value.code === undefined) !== (value.eventUserId === undefined), {
    error: 'error.checkInWho',
    path: ['code'],
  });
export type CheckInInput = z.infer<typeof checkInInputSchema>;

/** A person as the check-in screen and the board name them. */
export const checkInPersonSchema = z.object({
  eventUserId: z.number(),
  firstname: z.string(),
  lastname: z.string(),
  group: eventGroupRefSchema.nullable(),
});
export type CheckInPerson = z.infer<typeof checkInPersonSchema>;

/** One recorded check-in or check-out. */
export const checkInSchema = z.object({
  id: z.number(),
  eventUserId: z.number(),
  shiftId: z.number().nullable(),
  kind: z.enum(CHECK_IN_KINDS),
  /** When it happened (the scan's time). */
  at: z.string(),
  /** When the server stored it. */
  recordedAt: z.string(),
  /** False when someone else decided later (by `at`) for the same person and shift: theirs stands. */
  applied: z.boolean(),
  undone: z.boolean(),
  person: checkInPersonSchema,
});
export type CheckIn = z.infer<typeof checkInSchema>;
export const checkInResponseSchema = z.object({ checkIn: checkInSchema });

/** One of a person's shifts that is open for "arrived for this shift" now (in progress or starting soon). */
export const checkInShiftSchema = z.object({
  id: z.number(),
  title: z.string(),
  location: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  state: z.enum(BOARD_STATES),
});

/**
 * GET /event/{id}/check-ins/person?code= | ?eventUserId=: who a scanned code or a chosen name is, whether they
 * arrived at the event, and their shifts open for check-in now.
 */
export const checkInPersonQuerySchema = z
  .object({ code: codeField.optional(), eventUserId: idSchema.optional() })
  .refine((value) => (value.code === undefined) !== (value.eventUserId === undefined), {
    error: 'error.checkInWho',
    path: ['code'],
  });
export const checkInPersonResponseSchema = z.object({
  person: checkInPersonSchema.extend({
    /** Their latest event check-in is an arrival, not a leave. */
    onSite: z.boolean(),
    shifts: z.array(checkInShiftSchema),
  }),
});

/** GET /event/{id}/check-ins/search?q=: members by name for the check-in screen (the caller's group for leaders). */
export const checkInSearchQuerySchema = z.object({
  q: z
    .string({ error: 'error.invalid' })
    .trim()
    .min(1, { error: 'error.invalid' })
    .max(100, { error: 'error.invalid' }),
});
export const checkInSearchResponseSchema = z.object({ people: z.array(checkInPersonSchema) });

/** GET /event/{id}/board: shifts overlapping [from, to) (default: now and the next two hours), at most 24 hours. */
export const boardQuerySchema = z
  .object({
    from: isoInstant.optional(),
    to: isoInstant.optional(),
    groupId: z.preprocess((value) => (value === '' ? undefined : value), idSchema.optional()),
  })
  .refine((value) => !value.from || !value.to || Date.parse(value.to) > Date.parse(value.from), {
    error: 'error.boardRange',
    path: ['to'],
  })
  .refine(
    (value) =>
      !value.from ||
      !value.to ||
      Date.parse(value.to) - Date.parse(value.from) <= EVENT_DAY_LIMITS.BOARD_HOURS_MAXIMUM * 3_600_000,
    { error: 'error.boardRange', path: ['to'] },
  );
export type BoardQuery = z.infer<typeof boardQuerySchema>;

export const boardPersonSchema = z.object({
  eventUserId: z.number(),
  firstname: z.string(),
  lastname: z.string(),
  state: z.enum(BOARD_STATES),
});
export const boardShiftSchema = z.object({
  id: z.number(),
  title: z.string(),
  location: z.string(),
  group: eventGroupRefSchema.nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  capacity: z.number(),
  people: z.array(boardPersonSchema),
  /** The shift's open request for cover (organisers asked, nobody took or withdrew it), null when none. */
  coverRequest: coverRequestSchema.nullable(),
});
export type BoardShift = z.infer<typeof boardShiftSchema>;
export const boardResponseSchema = z.object({
  shifts: z.array(boardShiftSchema),
  from: z.string(),
  to: z.string(),
  lateAfterMinutes: z.number(),
  /** The server's time when the board was read. */
  now: z.string(),
});
export type Board = z.infer<typeof boardResponseSchema>;

/** GET /event/{id}/badges.pdf: one badge per member (a group's for leaders), A4 sheets or 70 x 37 mm labels. */
export const badgesQuerySchema = z.object({
  groupId: z.preprocess((value) => (value === '' ? undefined : value), idSchema.optional()),
  size: z.preprocess((value) => (value === '' ? undefined : value), z.enum(['a4', 'labels']).default('a4')),
});
