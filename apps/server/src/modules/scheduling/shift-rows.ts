import type { ShiftOffer } from '@funkis/shared';

/** A shift's group as answers show it, from a row's group id and name; null: a shift for everyone. */
export const groupOfRow = (row: { group_id: number | null; group_name?: string | null }) =>
  row.group_id === null ? null : { id: row.group_id, name: row.group_name ?? '' };

/** A shift as an offer of a place or a cover request names it: its times, place and group, without its people. */
export const shiftSummaryOf = (row: {
  shift_id: number;
  title: string;
  location: string;
  starts_at: string;
  ends_at: string;
  group_id: number | null;
  group_name?: string | null;
}): ShiftOffer['shift'] => ({
  id: row.shift_id,
  title: row.title,
  location: row.location,
  startsAt: row.starts_at,
  endsAt: row.ends_at,
  group: groupOfRow(row),
});
