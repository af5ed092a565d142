import { z } from 'zod';
import { cleanText, idSchema } from './common.js';
import { eventGroupRefSchema } from './events.js';
import type { Caller } from './policies.js';

/**
 * Wish rounds (decision 035): an organiser opens a round of shifts with a closing time; each volunteer ranks the shifts
 * they want, marks those they cannot do and says how many they will do; an allocation then gives out the places
 * (a preview the organiser can run again), and publishing makes them shifts.
 */
export const WISH_ROUND_LIMITS = {
  TITLE_MAXIMUM: 120,
  /** Shifts in one round. */
  SHIFTS_MAXIMUM: 2000,
  /** Ranked wishes of one person. */
  RANKED_MAXIMUM: 20,
  /** The most shifts a round may ask of one person. */
  COUNT_MAXIMUM: 20,
  /** Rounds in one answer of the list. */
  LIST_MAXIMUM: 100,
  FRIEND_CODE_LENGTH: 8,
  SEED_MAXIMUM: 2_147_483_647,
} as const;

/** The letters of a friend code: no 0/O, 1/I/L, so a code read aloud or copied by hand stays the same. */
export const FRIEND_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

export const WISH_ROUND_STATUSES = ['open', 'closed', 'published'] as const;
export type WishRoundStatus = (typeof WISH_ROUND_STATUSES)[number];

/** Why a wish was not met: the shift was full, it overlapped or came too close to another, the seeded order, enough. */
export const UNMET_REASONS = ['full', 'overlap', 'rest', 'fairness', 'count'] as const;
export type UnmetReason = (typeof UNMET_REASONS)[number];

export const wishRoundParamsSchema = z.object({ id: idSchema, roundId: idSchema });

export const wishRoundOptionsSchema = z.object({
  /** At least one experienced person (who has worked a shift that ended, here or at an earlier event) per shift. */
  experienced: z.boolean(),
  /** Two volunteers who gave each other's friend code get the same shifts where they can. */
  friends: z.boolean(),
  /** People below the round's minimum get free places they did not rank (never one they cannot do). */
  fillToMinimum: z.boolean(),
});
export type WishRoundOptions = z.infer<typeof wishRoundOptionsSchema>;
export const DEFAULT_WISH_ROUND_OPTIONS: WishRoundOptions = { experienced: false, friends: true, fillToMinimum: false };

const shiftCount = (max: number) =>
  z.coerce
    .number({ error: 'error.wishRoundCountInvalid' })
    .int({ error: 'error.wishRoundCountInvalid' })
    .min(0, { error: 'error.wishRoundCountInvalid' })
    .max(max, { error: 'error.wishRoundCountInvalid' });

const distinct = (ids: readonly number[]) => new Set(ids).size === ids.length;

/** `POST /api/event/{id}/wish-rounds`. That the shifts are the event's (and the group's), not started, and
 * `closesAt` in the future is checked by the server. */
export const createWishRoundSchema = z
  .object({
    title: cleanText({ max: WISH_ROUND_LIMITS.TITLE_MAXIMUM, required: false, tooLong: 'error.textTooLong' })
      .optional()
      .default(''),
    groupId: idSchema.nullable(),
    shiftIds: z
      .array(idSchema)
      .min(1, { error: 'error.wishRoundShiftsCount' })
      .max(WISH_ROUND_LIMITS.SHIFTS_MAXIMUM, { error: 'error.wishRoundShiftsCount' })
      .refine(distinct, { error: 'error.wishRoundShiftsDistinct' }),
    closesAt: z.iso.datetime({ offset: true, error: 'error.wishRoundClosesAtInvalid' }),
    minShifts: shiftCount(WISH_ROUND_LIMITS.COUNT_MAXIMUM),
    maxShifts: shiftCount(WISH_ROUND_LIMITS.COUNT_MAXIMUM).min(1, { error: 'error.wishRoundCountInvalid' }),
    options: wishRoundOptionsSchema.optional(),
  })
  .refine((value) => value.minShifts <= value.maxShifts, { error: 'error.wishRoundMinAboveMax', path: ['minShifts'] });
export type WishRoundCreateInput = z.input<typeof createWishRoundSchema>;
/** The same, as the server has it after parsing. */
export type CreateWishRoundInput = z.infer<typeof createWishRoundSchema>;

/** `POST …/wishes`: replaces the caller's wishes. */
export const saveWishesSchema = z
  .object({
    ranked: z
      .array(idSchema)
      .max(WISH_ROUND_LIMITS.RANKED_MAXIMUM, { error: 'error.wishRoundTooManyRanked' })
      .refine(distinct, { error: 'error.wishRoundShiftsDistinct' }),
    cannot: z
      .array(idSchema)
      .max(WISH_ROUND_LIMITS.SHIFTS_MAXIMUM, { error: 'error.wishRoundShiftsCount' })
      .refine(distinct, { error: 'error.wishRoundShiftsDistinct' }),
    count: shiftCount(WISH_ROUND_LIMITS.COUNT_MAXIMUM),
    friendCode: z.string().max(40, { error: 'error.wishRoundFriendCodeUnknown' }).nullable().optional(),
  })
  .refine((value) => !value.ranked.some((id) => value.cannot.includes(id)), {
    error: 'error.wishRoundRankedAndCannot',
    path: ['cannot'],
  });
export type WishRoundWishesInput = z.input<typeof saveWishesSchema>;
export type SaveWishesInput = z.infer<typeof saveWishesSchema>;

/** `POST …/allocate`: another seed or other options than the round's. */
export const allocateWishRoundSchema = z
  .object({
    seed: z.coerce
      .number({ error: 'error.wishRoundSeedInvalid' })
      .int({ error: 'error.wishRoundSeedInvalid' })
      .min(0, { error: 'error.wishRoundSeedInvalid' })
      .max(WISH_ROUND_LIMITS.SEED_MAXIMUM, { error: 'error.wishRoundSeedInvalid' })
      .optional(),
    options: wishRoundOptionsSchema.optional(),
  })
  .default({});

/** A friend code as typed: spaces and dashes dropped, upper case. */
export const normaliseFriendCode = (code: string): string => code.replace(/[\s-]/g, '').toUpperCase();

export const wishRoundWishesSchema = z.object({
  ranked: z.array(z.number()),
  cannot: z.array(z.number()),
  /** How many shifts the person will do; null until they saved their wishes. */
  count: z.number().nullable(),
  /** The caller's own code, to give to a friend. */
  friendCode: z.string(),
  friend: z.object({ firstname: z.string(), lastname: z.string(), mutual: z.boolean() }).nullable(),
});
export type WishRoundWishes = z.infer<typeof wishRoundWishesSchema>;

export const wishRoundStatsSchema = z.object({
  volunteers: z.number(),
  places: z.number(),
  placesFilled: z.number(),
  emptyPlaces: z.number(),
  wishes: z.number(),
  wishesMet: z.number(),
  firstWishShare: z.number(),
  metByRank: z.array(z.number()),
  belowMinimum: z.array(z.object({ eventUserId: z.number(), got: z.number(), minimum: z.number() })),
  shiftsWithoutExperienced: z.number(),
  friendsTogether: z.number(),
  friendPairs: z.number(),
  durationMs: z.number(),
  seed: z.number(),
});

export const wishRoundPreviewSchema = z.object({
  assignments: z.array(z.object({ shiftId: z.number(), eventUserId: z.number(), rank: z.number().nullable() })),
  unmet: z.array(z.object({ eventUserId: z.number(), shiftId: z.number(), reason: z.enum(UNMET_REASONS) })),
  stats: wishRoundStatsSchema,
  options: wishRoundOptionsSchema,
  people: z.array(
    z.object({
      eventUserId: z.number(),
      firstname: z.string(),
      lastname: z.string(),
      /** Place in the seeded order (1 first). */
      position: z.number(),
      wanted: z.number(),
      got: z.number(),
      minimum: z.number(),
    }),
  ),
  createdAt: z.string(),
});
export type WishRoundPreview = z.infer<typeof wishRoundPreviewSchema>;

export const wishRoundShiftSchema = z.object({
  id: z.number(),
  title: z.string(),
  location: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  capacity: z.number(),
  taken: z.number(),
  /** The shift's group (a whole-event round may hold several groups' shifts). */
  groupId: z.number().nullable(),
});

const roundFields = {
  id: z.number(),
  eventId: z.number(),
  title: z.string(),
  group: eventGroupRefSchema.nullable(),
  closesAt: z.string(),
  minShifts: z.number(),
  maxShifts: z.number(),
  options: wishRoundOptionsSchema,
  status: z.enum(WISH_ROUND_STATUSES),
  createdAt: z.string(),
  publishedAt: z.string().nullable(),
  /** How many people saved wishes (organisers only, else null). */
  wishCount: z.number().nullable(),
};

/** A round in the list. */
export const wishRoundSummarySchema = z.object({
  ...roundFields,
  shiftCount: z.number(),
  /** The caller saved wishes in it (volunteers); false for organisers. */
  hasMyWishes: z.boolean(),
});
export type WishRoundSummary = z.infer<typeof wishRoundSummarySchema>;

export const wishRoundSchema = z.object({
  ...roundFields,
  shifts: z.array(wishRoundShiftSchema),
  seed: z.number(),
  /** The caller's wishes (volunteers in the round's scope), else null. */
  myWishes: wishRoundWishesSchema.nullable(),
  /** The last allocation (organisers), else null. */
  preview: wishRoundPreviewSchema.nullable(),
});
export type WishRound = z.infer<typeof wishRoundSchema>;

export const wishRoundResponseSchema = z.object({ round: wishRoundSchema });
export const wishRoundsResponseSchema = z.object({ rounds: z.array(wishRoundSummarySchema) });
export const wishRoundWishesResponseSchema = z.object({ wishes: wishRoundWishesSchema });
export const wishRoundPreviewResponseSchema = z.object({ preview: wishRoundPreviewSchema });

/** A place of the preview that no longer fitted when publishing (taken, overlapping or too close since). */
export const wishRoundSkippedSchema = z.object({
  shiftId: z.number(),
  eventUserId: z.number(),
  reason: z.enum(['full', 'overlap', 'rest', 'gone']),
});
export const wishRoundPublishResponseSchema = z.object({
  round: wishRoundSchema,
  skipped: z.array(wishRoundSkippedSchema),
});

export const wishRoundResultSchema = z.object({
  assigned: z.array(z.number()),
  unmet: z.array(z.object({ shiftId: z.number(), reason: z.enum(UNMET_REASONS) })),
  /** The caller's place in the seeded order (1 first); null when they saved no wishes. */
  position: z.number().nullable(),
  seed: z.number(),
});
export type WishRoundResult = z.infer<typeof wishRoundResultSchema>;

/**
 * Who runs a round (creates, allocates, publishes, deletes): admins any; a group's leader their own group's round.
 * A whole-event round is the admins'.
 */
export const canRunWishRound = (caller: Caller, groupId: number | null): boolean =>
  caller.roleLevel === 0 || (caller.roleLevel === 1 && groupId !== null && caller.groupId === groupId);

/** Who sees a round: organisers who run it (leaders also see whole-event ones); volunteers theirs and whole-event. */
export const canSeeWishRound = (caller: Caller, groupId: number | null): boolean =>
  caller.roleLevel === 0 || groupId === null || caller.groupId === groupId;

/** Who wishes in a round: volunteers of its group, or of any group for a whole-event round. */
export const canWishInRound = (caller: Caller, groupId: number | null): boolean =>
  caller.roleLevel === 2 && (groupId === null || caller.groupId === groupId);
