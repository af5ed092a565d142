import {
  DEFAULT_WISH_ROUND_OPTIONS,
  type WishRoundOptions,
  type WishRoundPreview,
  type WishRoundStatus,
  wishRoundOptionsSchema,
} from '@funkis/shared';
import type { ServerContext } from '../../lib/context.js';
import { parseJson } from '../../lib/json.js';
import { readLines, storeInLines } from './json-in-slices.js';
import type { WishRoundRow } from './repository.js';

/** The web page of a round (apps/web config/paths.ts). */
export const wishRoundPath = (eventId: number, roundId: number) => `/event/${eventId}/wish-rounds/${roundId}`;

/** open until it closes, closed after, published once published. */
export function statusOf(row: Pick<WishRoundRow, 'closes_at' | 'published_at'>, now: number): WishRoundStatus {
  if (row.published_at !== null) return 'published';
  return Date.parse(row.closes_at) <= now ? 'closed' : 'open';
}

export const optionsOf = (row: Pick<WishRoundRow, 'options'>): WishRoundOptions => {
  const parsed = wishRoundOptionsSchema.safeParse(parseJson<unknown>(row.options, null));
  return parsed.success ? parsed.data : DEFAULT_WISH_ROUND_OPTIONS;
};

/** A stored preview, with the places publishing could not give (`skipped`) once published. */
export type StoredPreview = WishRoundPreview & {
  order: number[];
  skipped?: { shiftId: number; eventUserId: number; reason: 'full' | 'overlap' | 'rest' | 'gone' }[];
};

/** The stored preview, read a slice at a time (json-in-slices.ts). */
export const parsePreview = async (text: string | null): Promise<StoredPreview | null> =>
  text === null ? null : readLines<StoredPreview>(text);

/** The preview as stored: long arrays a line per slice. */
export const storePreview = (preview: StoredPreview): Promise<string> =>
  storeInLines(preview as unknown as Record<string, unknown>);

/** The preview as the API answers it (the stored one carries more). */
export const previewAnswer = (stored: StoredPreview): WishRoundPreview => ({
  assignments: stored.assignments,
  unmet: stored.unmet,
  stats: stored.stats,
  options: stored.options,
  people: stored.people,
  createdAt: stored.createdAt,
});

/**
 * What every wish-round operation shares: the server's context (its `notify` tells the volunteers the results), its
 * database and the public address for the mail's link.
 */
export function wishRoundContext(context: ServerContext) {
  return {
    context,
    db: context.db,
    publicUrl: context.config.PUBLIC_URL.replace(/\/$/, ''),
  };
}

export type WishRoundContext = ReturnType<typeof wishRoundContext>;
