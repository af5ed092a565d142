import { type Expression, type ExpressionBuilder, expressionBuilder, type SqlBool, sql } from 'kysely';
import type { Database } from '../../db/types.js';

/** Which shifts a list, the timeline or the "not full" list shows: the filters and what the caller's role may see. */
export interface ShiftFilters {
  from?: string;
  to?: string;
  groupId?: number;
  location?: string;
  /** Volunteers: shifts of this group, shifts without a group, and the ones this membership holds. */
  visibleTo?: { groupId: number | null; eventUserId: number };
  /** Group leaders: only shifts of this group (and none without a group). */
  onlyGroupId?: number | null;
  /**
   * Only shifts with a place free, decided by the database: a volunteer looking for a place is answered with
   * those shifts and their people only, not every shift of the event read, named and then thrown away
   * (decision 024).
   */
  free?: boolean;
  /** Only these shifts (the ones a batch has just made: at most `SHIFTS_PER_BATCH_MAXIMUM`). */
  ids?: readonly number[];
}

/**
 * How many places of a shift are taken (its assignments counted), as a subquery for any query that reads shifts:
 * `shiftId` names the shift's id there, e.g. `placesTaken(eb.ref('s.id')).as('taken')`.
 */
export function placesTaken(shiftId: Expression<number>) {
  return expressionBuilder<Database>()
    .selectFrom('shift_assignments as place')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('place.shift_id', '=', shiftId);
}

/** The filters as one condition on `shifts`, for any query that reads the table under that name. */
export function shiftFilter(eb: ExpressionBuilder<Database, 'shifts'>, filters: ShiftFilters): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [];
  if (filters.from) parts.push(eb('shifts.ends_at', '>', filters.from));
  if (filters.to) parts.push(eb('shifts.starts_at', '<', filters.to));
  if (filters.groupId !== undefined) parts.push(eb('shifts.group_id', '=', filters.groupId));
  if (filters.location !== undefined) parts.push(eb('shifts.location', '=', filters.location));
  if (filters.onlyGroupId !== undefined) {
    const groupId = filters.onlyGroupId;
    parts.push(groupId === null ? sql<SqlBool>`1 = 0` : eb('shifts.group_id', '=', groupId));
  }
  if (filters.ids) parts.push(filters.ids.length === 0 ? sql<SqlBool>`1 = 0` : eb('shifts.id', 'in', filters.ids));
  if (filters.free) {
    parts.push(eb(placesTaken(eb.ref('shifts.id')), '<', eb.ref('shifts.capacity')));
  }
  if (filters.visibleTo) {
    const { groupId, eventUserId } = filters.visibleTo;
    parts.push(
      eb.or([
        eb('shifts.group_id', 'is', null),
        ...(groupId === null ? [] : [eb('shifts.group_id', '=', groupId)]),
        eb.exists(
          eb
            .selectFrom('shift_assignments as own')
            .select('own.id')
            .whereRef('own.shift_id', '=', 'shifts.id')
            .where('own.event_user_id', '=', eventUserId),
        ),
      ]),
    );
  }
  return parts.length === 0 ? sql<SqlBool>`1 = 1` : eb.and(parts);
}
