import { z } from 'zod';
import { idSchema } from './common.js';
import { shiftRefSchema } from './shift-ref.js';
import { isoInstant, shiftAssignmentSchema } from './shifts.js';

/**
 * Hand-over (decision 033): a volunteer offers their place on a shift until a deadline; a free, rested volunteer of
 * the shift's group takes it (or asks to, when the event wants a leader's approval). The one who offered keeps the
 * place until then (decision 033).
 */
export const OFFER_STATUSES = ['open', 'pending', 'taken', 'withdrawn', 'expired'] as const;
export const offerStatusSchema = z.enum(OFFER_STATUSES);
export type OfferStatus = z.infer<typeof offerStatusSchema>;

/** Offers one list answers at most (the newest shifts' offers beyond it wait for the next look). */
export const OFFER_LIST_MAXIMUM = 500;

/** `POST /api/event/{id}/shifts/{shiftId}/offers`: the deadline, the shift's start when not given. */
export const createOfferSchema = z.object({ until: isoInstant.optional() }).default({});
export type CreateOfferInput = z.infer<typeof createOfferSchema>;

/** `…/offers/{offerId}…`: the ids in the path. */
export const offerParamsSchema = z.object({ id: idSchema, offerId: idSchema });

const personSchema = z.object({ eventUserId: z.number(), firstname: z.string(), lastname: z.string() });

export const shiftOfferSchema = z.object({
  id: z.number(),
  shiftId: z.number(),
  shift: shiftRefSchema,
  offeredBy: personSchema,
  /** The place may be taken until then; after it (while still open) the offer is `expired`. */
  until: z.string(),
  status: offerStatusSchema,
  /** Who took it, or asked to (while `pending`). */
  takenBy: personSchema.nullable(),
  createdAt: z.string(),
});
export type ShiftOffer = z.infer<typeof shiftOfferSchema>;

export const offerResponseSchema = z.object({ offer: shiftOfferSchema });
export const offersResponseSchema = z.object({ offers: z.array(shiftOfferSchema) });
export const takeOfferResponseSchema = z.object({ assignment: shiftAssignmentSchema });
