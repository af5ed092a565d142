import type { SchedulingSettings } from '@funkis/shared';
import { conflict, forbidden } from '../../lib/http-error.js';
import type { EventMembership } from '../../plugins/auth.js';
import type { ShiftRow, schedulingRepository } from './repository.js';

const MINUTE = 60_000;

/** Leaders organise only their own group's shifts (not the ones without a group); admins every shift. */
export function requireOrganiserOf(membership: EventMembership, groupId: number | null): void {
  if (membership.roleLevel === 0) return;
  if (membership.roleLevel === 1 && groupId !== null && groupId === membership.groupId) return;
  throw forbidden('error.ownGroupOnly');
}

/**
 * Capacity, same shift twice, overlap and rest for one person taking `shift`; the caller holds the event's lock.
 * `exceptShiftId`: a shift the person is leaving in the same transaction (a move), left out of overlap and rest.
 */
export async function checkAssignmentRules(
  repository: ReturnType<typeof schedulingRepository>,
  shift: ShiftRow,
  eventUserId: number,
  settings: SchedulingSettings,
  exceptShiftId?: number,
): Promise<void> {
  const held = (await repository.shiftsOfMember(shift.event_id, eventUserId)).filter(
    (other) => other.id !== exceptShiftId,
  );
  if (held.some((other) => other.id === shift.id)) throw conflict('error.shiftAlreadyAssigned');
  const taken = await repository.countAssignments(shift.id);
  if (taken >= shift.capacity) throw conflict('error.shiftFull', { capacity: shift.capacity });
  const start = Date.parse(shift.starts_at);
  const end = Date.parse(shift.ends_at);
  const rest = settings.minRestMinutes * MINUTE;
  for (const other of held) {
    const otherStart = Date.parse(other.starts_at);
    const otherEnd = Date.parse(other.ends_at);
    if (otherStart < end && otherEnd > start) throw conflict('error.shiftOverlap', { title: other.title });
    if (rest > 0 && otherStart < end + rest && otherEnd + rest > start) {
      throw conflict('error.shiftRestTooShort', { minutes: settings.minRestMinutes, title: other.title });
    }
  }
}
