import { z } from 'zod';
import { idSchema } from './common.js';
import { COVER_REQUEST_STATES } from './constants.js';
import { shiftRefSchema } from './shift-ref.js';
import { shiftAssignmentSchema } from './shifts.js';

/**
 * Asking for cover (decision 031): an organiser asks the free, rested volunteers of a shift's group to take a late
 * or empty place; the first to accept gets it, the others see it taken.
 */

/** POST /event/{id}/shifts/{shiftId}/cover-requests and POST /cover-requests/{id}/accept: the ids in the path. */
export const coverShiftParamsSchema = z.object({ id: idSchema, shiftId: idSchema });
export const coverRequestParamsSchema = z.object({ id: idSchema });
/** DELETE /event/{id}/cover-requests/{coverRequestId}: an organiser withdrawing a request. */
export const coverRequestOfEventParamsSchema = z.object({ id: idSchema, coverRequestId: idSchema });

/**
 * `POST …/cover-requests`: empty for a free place; `replacing` names a person on the shift who is late or did not
 * come, whose place is freed for the cover (they are told).
 */
export const askForCoverSchema = z.object({ replacing: idSchema.optional() }).default({});
export type AskForCoverInput = z.infer<typeof askForCoverSchema>;

export const coverRequestStateSchema = z.enum(COVER_REQUEST_STATES);
export type CoverRequestState = z.infer<typeof coverRequestStateSchema>;

/** A cover request as the organiser who asked sees it. */
export const coverRequestSchema = z.object({
  id: z.number(),
  eventId: z.number(),
  shiftId: z.number(),
  state: coverRequestStateSchema,
  /** How many volunteers this request has asked in all. */
  askedCount: z.number(),
  createdAt: z.string(),
});
export type CoverRequest = z.infer<typeof coverRequestSchema>;
export const coverRequestResponseSchema = z.object({ coverRequest: coverRequestSchema });

/** A cover request as a volunteer it was offered to sees it: enough to show it and take the place. */
export const offeredCoverRequestSchema = z.object({
  id: z.number(),
  eventId: z.number(),
  eventName: z.string(),
  /** The event's time zone: the shift's times are shown in it. */
  timeZone: z.string(),
  shift: shiftRefSchema,
  state: coverRequestStateSchema,
  /** The caller took it. */
  takenByMe: z.boolean(),
  createdAt: z.string(),
});
export type OfferedCoverRequest = z.infer<typeof offeredCoverRequestSchema>;
export const offeredCoverRequestsResponseSchema = z.object({ coverRequests: z.array(offeredCoverRequestSchema) });

export const acceptCoverResponseSchema = z.object({ assignment: shiftAssignmentSchema });
