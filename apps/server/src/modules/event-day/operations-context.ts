import { type CheckIn, type CheckInPerson, canCheckIn, type Member } from '@funkis/shared';
import type { EventMembership } from '../../lib/caller.js';
import type { ServerContext } from '../../lib/context.js';
import { fieldError, forbidden } from '../../lib/http-error.js';
import { groupsService } from '../groups/service.js';
import { membershipsService } from '../memberships/service.js';
import { schedulingService } from '../scheduling/service.js';
import { readMemberCode } from './codes.js';
import type { CheckInRow } from './repository.js';
import * as eventDayRepository from './repository.js';

export const MINUTE = 60_000;
export const HOUR = 60 * MINUTE;

export const toPerson = (member: Member): CheckInPerson => ({
  eventUserId: member.id,
  firstname: member.firstname,
  lastname: member.lastname,
  group: member.group,
});

export const toCheckIn = (row: CheckInRow, person: CheckInPerson): CheckIn => ({
  id: row.id,
  eventUserId: row.event_user_id,
  shiftId: row.shift_id,
  kind: row.kind === 'leave' ? 'leave' : 'arrive',
  at: row.at,
  recordedAt: row.recorded_at,
  applied: row.applied === 1,
  undone: row.undone_at !== null,
  person,
});

/**
 * What every event-day operation shares: the server's context, its database, the secret, and who a code or a chosen
 * name is (refused unless the caller may check them in).
 */
export function eventDayContext(context: ServerContext) {
  const { db } = context;
  /** The secret member codes are signed with. */
  const secret = context.config.SESSION_SECRET;
  const members = membershipsService(context);
  /** Shifts and places read outside a transaction; a transaction builds its own once (check-in-operations.ts). */
  const scheduling = schedulingService(context);

  /** The membership a code names in this event, or 400 `error.codeInvalid` (forged, revoked, another event's). */
  async function memberOfCode(eventId: number, code: string): Promise<Member> {
    const parts = readMemberCode(secret, code);
    if (!parts || parts.eventId !== eventId) throw fieldError('code', 'error.codeInvalid');
    const member = await members.findMember(eventId, parts.eventUserId);
    if (!member) throw fieldError('code', 'error.codeInvalid');
    if ((await eventDayRepository.codeVersion(db, member.id)) !== parts.version) {
      throw fieldError('code', 'error.codeInvalid');
    }
    return member;
  }

  /** The person a check-in screen names (code or membership id), refused unless the caller may check them in. */
  async function personFor(caller: EventMembership, who: { code?: string; eventUserId?: number }): Promise<Member> {
    const member =
      who.code !== undefined
        ? await memberOfCode(caller.eventId, who.code)
        : await members.findMember(caller.eventId, who.eventUserId ?? 0);
    if (!member) throw fieldError('eventUserId', 'error.memberNotFound', undefined, 404);
    if (!canCheckIn(caller, member.group?.id ?? null)) throw forbidden('error.ownGroupOnly');
    return member;
  }

  /** A group asked for by an admin must be one of the event's. */
  async function requireGroup(eventId: number, groupId: number | undefined): Promise<void> {
    if (groupId === undefined) return;
    if (!(await groupsService(context).find(eventId, groupId))) {
      throw fieldError('groupId', 'error.groupNotFound', undefined, 404);
    }
  }

  async function lateAfterMinutes(eventId: number): Promise<number> {
    return (await scheduling.settings(eventId)).lateAfterMinutes;
  }

  return { context, db, secret, members, scheduling, memberOfCode, personFor, requireGroup, lateAfterMinutes };
}

export type EventDayContext = ReturnType<typeof eventDayContext>;
