import type { ApplicationStatus } from '@funkis/shared';
import type { Expression, ExpressionBuilder, SqlBool } from 'kysely';
import type { Database } from '../db/types.js';

/** The filters the review and the statistics share: statuses, groups (null: no group) and weeks, each a list. */
export interface ApplicationListFilter {
  status?: readonly ApplicationStatus[];
  groupId?: readonly (number | null)[];
  week?: readonly string[];
}

/**
 * The conditions of those filters on `applications as a`, the one builder of the review (its list, summary, bulk
 * update and export) and the statistics: within a list any value matches, between lists all must.
 */
export function applicationFilterConditions(
  eb: ExpressionBuilder<Database & { a: Database['applications'] }, 'a'>,
  filter: ApplicationListFilter,
): Expression<SqlBool>[] {
  const conditions: Expression<SqlBool>[] = [];
  if (filter.status && filter.status.length > 0) conditions.push(eb('a.status', 'in', [...new Set(filter.status)]));
  if (filter.groupId && filter.groupId.length > 0) {
    const ids = [...new Set(filter.groupId.filter((id): id is number => id !== null))];
    const alternatives: Expression<SqlBool>[] = [];
    if (ids.length > 0) alternatives.push(eb('a.group_id', 'in', ids));
    if (filter.groupId.includes(null)) alternatives.push(eb('a.group_id', 'is', null));
    conditions.push(eb.or(alternatives));
  }
  if (filter.week && filter.week.length > 0) conditions.push(eb('a.week', 'in', [...new Set(filter.week)]));
  return conditions;
}
