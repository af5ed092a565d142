import type { BoardState } from '@funkis/shared';

const MINUTE = 60_000;

/**
 * Where a person stands on a shift: `left` once their standing check-in for it is a leave; `arrived` when the
 * place is marked arrived (by check-in or an organiser); `no_show` when marked so, or when the shift ended without
 * an arrival; `late` from `lateAfterMinutes` after the start without one; else `expected`.
 */
export function boardState(
  shift: { starts_at: string; ends_at: string },
  attendance: string | null,
  standingKind: string | null,
  now: number,
  lateAfterMinutes: number,
): BoardState {
  if (standingKind === 'leave') return 'left';
  if (attendance === 'arrived') return 'arrived';
  if (attendance === 'no_show' || now >= Date.parse(shift.ends_at)) return 'no_show';
  if (now >= Date.parse(shift.starts_at) + lateAfterMinutes * MINUTE) return 'late';
  return 'expected';
}
