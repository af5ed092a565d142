/**
 * The scheduling part of the bench event: 2,000 shifts over 10 days and 10,000 assignments, made
 * through the scheduling service (repeating sets of 100, then one `assign` per place, with every rule checked),
 * never by writing the tables. Volunteers are the event's accepted members of each group; a fifth of each group
 * is left without a shift, and odd shifts keep a place free, so both planning lists have rows. On the live
 * board's day (CHECK_IN_DAY) people are checked in through the event-day service, as a desk would, so the board
 * reads every state: most arrived, some of them left again, the rest never came.
 */
import type { CreateShiftInput } from '@funkis/shared';
import type { Caller } from '../src/lib/caller.js';
import type { ServerContext } from '../src/lib/context.js';
import { eventDayService } from '../src/modules/event-day/service.js';
import { membershipsService } from '../src/modules/memberships/service.js';
import { schedulingService } from '../src/modules/scheduling/service.js';

export const SCHEDULING_SHIFTS = 2000;
export const SCHEDULING_ASSIGNMENTS = 10_000;
export const SCHEDULING_FIRST_DAY = '2026-07-01';
/** The day the board lines of bench/run.ts read; its places get check-ins. */
export const CHECK_IN_DAY = '2026-07-03';
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
  /** The event's volunteers (role 2), and how many of them hold a place. */
  volunteers: number;
  placed: number;
  /** Check-ins recorded on CHECK_IN_DAY (arrivals and departures). */
  checkIns: number;
  seedMs: number;
}

export async function seedScheduling(
  context: ServerContext,
  eventId: number,
  adminUserId: number,
  groupIds: number[],
): Promise<SchedulingSeed> {
  const started = performance.now();
  const members = membershipsService(context);
  const scheduling = schedulingService(context);
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
  const shifts: { id: number; groupId: number; startsAt: string; endsAt: string }[] = [];
  for (let offset = 0; offset < inputs.length; offset += 100) {
    const made = await scheduling.createMany(caller, inputs.slice(offset, offset + 100));
    for (const shift of made) {
      shifts.push({ id: shift.id, groupId: shift.group?.id ?? 0, startsAt: shift.startsAt, endsAt: shift.endsAt });
    }
  }

  const perShift = SCHEDULING_ASSIGNMENTS / SCHEDULING_SHIFTS;
  let assignments = 0;
  const volunteers = (await members.allMembers(eventId, { scope: { kind: 'all' }, roleLevel: 2 })).length;
  const placed = new Set<number>();
  const boardDay: { shift: (typeof shifts)[number]; eventUserId: number }[] = [];
  for (const groupId of groupIds) {
    const ofGroup = (await members.allMembers(eventId, { scope: { kind: 'group', groupId }, roleLevel: 2 })).map(
      (member) => member.id,
    );
    const pool = ofGroup.slice(0, Math.floor(ofGroup.length * 0.8));
    const shiftsOfGroup = shifts
      .filter((shift) => shift.groupId === groupId)
      .sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.id - b.id);
    let next = 0;
    for (const shift of shiftsOfGroup) {
      for (let place = 0; place < perShift; place++) {
        const eventUserId = pool[next % pool.length];
        await scheduling.assign(caller, shift.id, eventUserId);
        placed.add(eventUserId);
        if (shift.startsAt.startsWith(CHECK_IN_DAY)) boardDay.push({ shift, eventUserId });
        next += 1;
        assignments += 1;
      }
    }
  }

  // The board's day: 7 in 10 arrive (at the shift's start, give or take), 1 in 10 of those leave an hour before
  // its end; the other 3 in 10 never check in. Each scan is recorded at its own time (`now`).
  const eventDay = eventDayService(context);
  let checkIns = 0;
  for (const [index, { shift, eventUserId }] of boardDay.entries()) {
    if (index % 10 >= 7) continue;
    const arrive = new Date(Date.parse(shift.startsAt) + ((index % 25) - 10) * 60_000);
    await eventDay.checkIn(
      caller,
      { eventUserId, shiftId: shift.id, kind: 'arrive', at: arrive.toISOString() },
      arrive,
    );
    checkIns += 1;
    if (index % 10 !== 0) continue;
    const leave = new Date(Date.parse(shift.endsAt) - 3_600_000);
    await eventDay.checkIn(caller, { eventUserId, shiftId: shift.id, kind: 'leave', at: leave.toISOString() }, leave);
    checkIns += 1;
  }
  return {
    shifts: shifts.length,
    assignments,
    volunteers,
    placed: placed.size,
    checkIns,
    seedMs: performance.now() - started,
  };
}
