import { canOrganiseShift, canPlaceMember, type SchedulingSettings } from '@funkis/shared';
import type { Db } from '../../db/types.js';
import type { EventMembership } from '../../lib/caller.js';
import { conflict, forbidden } from '../../lib/http-error.js';
import type { ShiftRow } from './repository.js';
import * as schedulingRepository from './repository.js';

const MINUTE = 60_000;

/** Leaders organise only their own group's shifts (not the ones without a group); admins every shift. */
export function requireOrganiserOf(membership: EventMembership, groupId: number | null): void {
  if (!canOrganiseShift(membership, groupId)) throw forbidden('error.ownGroupOnly');
}

/**
 * Who a leader may put on a shift or move between shifts: members of their own group only (not another group's
 * leader, not an admin, who belongs to no group); admins anyone. Volunteers place only themselves (checked apart).
 */
export function requirePlaceableBy(membership: EventMembership, member: { group: { id: number } | null }): void {
  if (!canPlaceMember(membership, member.group?.id ?? null)) throw forbidden('error.shiftMemberOtherGroup');
}

/**
 * A volunteer who may not hold a place on this shift: it belongs to a group and they are not in it. Organisers are
 * placed by organisers, who checked them already; this is for places given without a person choosing them (a
 * waitlist's turn, a published wish round).
 */
export function volunteerOfOtherGroup(
  shift: { group_id: number | null },
  member: { roleLevel: number; group: { id: number } | null },
): boolean {
  return member.roleLevel === 2 && shift.group_id !== null && shift.group_id !== (member.group?.id ?? null);
}

/** A shift's time as stored: ISO instants. */
export interface ShiftSpan {
  starts_at: string;
  ends_at: string;
}
/** Another shift a person holds, as the rules name it. */
export interface HeldShift extends ShiftSpan {
  id: number;
  title: string;
}

/** Why a person cannot work `span`: it overlaps one of their other shifts, or leaves less than the minimum rest. */
export interface SpanClash {
  rule: 'overlap' | 'rest';
  other: HeldShift;
}

/**
 * The one overlap / minimum-rest rule for a person working `span` next to `others` (their other shifts): the
 * first of them that overlaps it or comes closer than `minRestMinutes` (0: no rest asked), overlap before rest
 * for the same shift; null when none does. Assigning, moving and changing a shift's times all ask this.
 */
export function spanClash(span: ShiftSpan, others: readonly HeldShift[], minRestMinutes: number): SpanClash | null {
  const start = Date.parse(span.starts_at);
  const end = Date.parse(span.ends_at);
  const rest = minRestMinutes * MINUTE;
  for (const other of others) {
    const otherStart = Date.parse(other.starts_at);
    const otherEnd = Date.parse(other.ends_at);
    if (otherStart < end && otherEnd > start) return { rule: 'overlap', other };
    if (rest > 0 && otherStart < end + rest && otherEnd + rest > start) return { rule: 'rest', other };
  }
  return null;
}

/**
 * Same shift twice, overlap and rest for one person taking `shift` next to `held` (all their shifts in the event),
 * for a caller that then inserts only while there is room (a sign-up, decision 024). The answers name the rules in
 * the order `checkAssignmentRules` does, capacity before overlap and rest: `isFull` is asked only on a clash.
 */
export async function checkHeldShifts(
  shift: ShiftRow,
  held: readonly HeldShift[],
  settings: SchedulingSettings,
  isFull: () => Promise<boolean>,
): Promise<void> {
  if (held.some((other) => other.id === shift.id)) throw conflict('error.shiftAlreadyAssigned');
  const clash = spanClash(shift, held, settings.minRestMinutes);
  if (!clash) return;
  if (await isFull()) throw conflict('error.shiftFull', { capacity: shift.capacity });
  if (clash.rule === 'overlap') throw conflict('error.shiftOverlap', { title: clash.other.title });
  throw conflict('error.shiftRestTooShort', { minutes: settings.minRestMinutes, title: clash.other.title });
}

/**
 * Capacity, same shift twice, overlap and rest for one person taking `shift`; the caller holds the shift's and the member's locks.
 * `exceptShiftId`: a shift the person is leaving in the same transaction (a move), left out of overlap and rest.
 */
export async function checkAssignmentRules(
  trx: Db,
  shift: ShiftRow,
  eventUserId: number,
  settings: SchedulingSettings,
  exceptShiftId?: number,
): Promise<void> {
  const held = (await schedulingRepository.shiftsOfMember(trx, shift.event_id, eventUserId)).filter(
    (other) => other.id !== exceptShiftId,
  );
  if (held.some((other) => other.id === shift.id)) throw conflict('error.shiftAlreadyAssigned');
  const taken = await schedulingRepository.countAssignments(trx, shift.id);
  if (taken >= shift.capacity) throw conflict('error.shiftFull', { capacity: shift.capacity });
  const clash = spanClash(shift, held, settings.minRestMinutes);
  if (clash?.rule === 'overlap') throw conflict('error.shiftOverlap', { title: clash.other.title });
  if (clash?.rule === 'rest') {
    throw conflict('error.shiftRestTooShort', { minutes: settings.minRestMinutes, title: clash.other.title });
  }
}
