/**
 * The scheduling part of the bench event: 2,000 shifts over 10 days and 10,000 assignments, made
 * through the scheduling service (repeating sets of 100, then one `assign` per place, with every rule checked),
 * never by writing the tables. Volunteers are the event's accepted members of each group; a fifth of each group
 * is left without a shift, and odd shifts keep a place free, so both planning lists have rows.
 */
import type { CreateShiftInput } from '@funkis/shared';
import type { Db, DialectName } from '../src/db/types.js';
import type { Caller } from '../src/lib/caller.js';
import { membershipsService } from '../src/modules/memberships/service.js';
import { schedulingService } from '../src/modules/scheduling/service.js';

export const SCHEDULING_SHIFTS = 2000;
export const SCHEDULING_ASSIGNMENTS = 10_000;
export const SCHEDULING_FIRST_DAY = '2026-07-01';
const DAYS = 10;
const SLOTS = [6, 10, 14, 18];
const LOCATIONS = [
  'Main stage',
  'North gate',
  'Bar tent',
  'Kitchen',
  'Camping',
  'Info desk',
  'Parking',
  'Backstage',
  'Forest',
];

export interface SchedulingSeed {
  shifts: number;
  assignments: number;
  seedMs: number;
}

export async function seedScheduling(
  db: Db,
  dialect: DialectName,
  eventId: number,
  adminUserId: number,
  groupIds: number[],
): Promise<SchedulingSeed> {
  const started = performance.now();
  const members = membershipsService(db, dialect);
  const scheduling = schedulingService(db, dialect);
  const admin = await members.findMemberByUserId(eventId, adminUserId);
  if (!admin) throw new Error('bench admin is no member');
  const caller: Caller = { eventId, eventUserId: admin.id, userId: adminUserId, roleLevel: 0, groupId: null };

  const perDay = SCHEDULING_SHIFTS / DAYS;
  const inputs: CreateShiftInput[] = Array.from({ length: SCHEDULING_SHIFTS }, (_, k) => {
    const day = Math.floor(k / perDay);
    const rest = k % perDay;
    const group = groupIds[rest % groupIds.length];
    const hour = SLOTS[Math.floor(rest / groupIds.length) % SLOTS.length];
    const location = LOCATIONS[Math.floor(rest / (groupIds.length * SLOTS.length)) % LOCATIONS.length];
    const start = new Date(`${SCHEDULING_FIRST_DAY}T00:00:00Z`);
    start.setUTCDate(start.getUTCDate() + day);
    start.setUTCHours(hour);
    const end = new Date(start.getTime() + 4 * 3_600_000);
    return {
      title: `${location} ${hour}:00`,
      description: '',
      location,
      startsAt: start.toISOString(),
      endsAt: end.toISOString(),
      capacity: k % 2 === 0 ? 5 : 6,
      groupId: group,
    };
  });
  const shifts: { id: number; groupId: number; startsAt: string }[] = [];
  for (let offset = 0; offset < inputs.length; offset += 100) {
    const made = await scheduling.createMany(caller, inputs.slice(offset, offset + 100));
    for (const shift of made) shifts.push({ id: shift.id, groupId: shift.group?.id ?? 0, startsAt: shift.startsAt });
  }

  const perShift = SCHEDULING_ASSIGNMENTS / SCHEDULING_SHIFTS;
  let assignments = 0;
  for (const groupId of groupIds) {
    const volunteers = (await members.allMembers(eventId, { scope: { kind: 'group', groupId }, roleLevel: 2 })).map(
      (member) => member.id,
    );
    const pool = volunteers.slice(0, Math.floor(volunteers.length * 0.8));
    const ofGroup = shifts
      .filter((shift) => shift.groupId === groupId)
      .sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.id - b.id);
    let next = 0;
    for (const shift of ofGroup) {
      for (let place = 0; place < perShift; place++) {
        await scheduling.assign(caller, shift.id, pool[next % pool.length]);
        next += 1;
        assignments += 1;
      }
    }
  }
  return { shifts: shifts.length, assignments, seedMs: performance.now() - started };
}
