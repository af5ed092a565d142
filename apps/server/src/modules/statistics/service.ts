import {
  APPLICATION_STATUSES,
  type ApplicationStatus,
  CHECKBOX_CHECKED,
  CHECKBOX_UNCHECKED,
  type FormField,
  isApplicationStatus,
  type RoleLevel,
  STATISTICS_OPTION_FIELD_TYPES,
  type StatisticsFilter,
  type StatisticsGroup,
  type StatisticsResponse,
  weekSeparationConfigSchema,
} from '@funkis/shared';
import type { ServerContext } from '../../lib/context.js';
import { readsInTurns, turnOfTheLoop } from '../../lib/event-loop.js';
import { notFound } from '../../lib/http-error.js';
import { parseJson } from '../../lib/json.js';
import { parseFieldsSliced } from '../forms/service.js';
import type { OptionCountRow } from './repository.js';
import * as statisticsRepository from './repository.js';

const ROLE_LEVELS: readonly RoleLevel[] = [0, 1, 2];
/** Fields whose options are counted between two turns of the event loop. */
const FIELDS_PER_TURN = 20;

/** The form's fields that are counted per option, in the form's order (read a slice at a time, docs/decisions/021). */
async function optionFields(fieldsJson: string | null): Promise<FormField[]> {
  const fields = await parseFieldsSliced(fieldsJson ?? undefined);
  return fields.filter((field) => (STATISTICS_OPTION_FIELD_TYPES as readonly string[]).includes(field.type));
}

/** The form's options first, in its order (zero counts included), then values it no longer offers. */
function fieldCounts(field: FormField, rows: readonly OptionCountRow[]): StatisticsResponse['fields'][number] {
  const counts = new Map<string, number>();
  let answered = 0;
  for (const row of rows) {
    counts.set(row.value, (counts.get(row.value) ?? 0) + Number(row.count));
    answered += Number(row.firsts);
  }
  const offered =
    field.type === 'checkbox'
      ? [
          { value: CHECKBOX_CHECKED, label: null },
          { value: CHECKBOX_UNCHECKED, label: null },
        ]
      : (field.options ?? []).map((option) => ({ value: option.value, label: option.label as string | null }));
  const known = new Set(offered.map((option) => option.value));
  const options = [
    ...offered.map((option) => ({ ...option, count: counts.get(option.value) ?? 0 })),
    ...[...counts.entries()]
      .filter(([value]) => !known.has(value))
      .sort(([left], [right]) => left.localeCompare(right))
      .map(([value, count]) => ({ value, label: null, count })),
  ];
  return { name: field.name, label: field.label, type: field.type, answered, options };
}

/** The statistics screen's numbers: every count by SQL aggregation, fetched in parallel. */
export function statisticsService(context: ServerContext) {
  const { db } = context;
  return {
    async forEvent(eventId: number, filter: StatisticsFilter): Promise<StatisticsResponse> {
      const event = await statisticsRepository.findEventWithForm(db, eventId);
      if (!event) throw notFound();
      const fields = await optionFields(event.fields);
      const weekConfig = event.use_week_separation
        ? weekSeparationConfigSchema.safeParse(parseJson<unknown>(event.week_separation_config, null))
        : null;

      const [groups, groupStatus, days, members, options] = await readsInTurns(db, [
        () => statisticsRepository.listGroups(db, eventId),
        () => statisticsRepository.countByGroupStatusWeek(db, eventId, filter),
        () => statisticsRepository.countByDay(db, eventId, filter),
        () => statisticsRepository.countMembers(db, eventId),
        () =>
          statisticsRepository.countOptions(
            db,
            eventId,
            filter,
            fields.map((field) => field.name),
          ),
      ]);

      // --- applications by status and by group (the status filter applies to all but the accepted count) ---
      const wantedStatuses = filter.status && filter.status.length > 0 ? new Set(filter.status) : null;
      const byStatus = new Map<ApplicationStatus, number>(APPLICATION_STATUSES.map((status) => [status, 0]));
      const perGroup = new Map<number | null, { byStatus: Map<ApplicationStatus, number>; accepted: number }>();
      const groupRow = (groupId: number | null) => {
        let row = perGroup.get(groupId);
        if (!row) {
          row = { byStatus: new Map(APPLICATION_STATUSES.map((status) => [status, 0])), accepted: 0 };
          perGroup.set(groupId, row);
        }
        return row;
      };
      let total = 0;
      const weeks = new Map<string | null, number>();
      for (const count of groupStatus) {
        const n = Number(count.count);
        const status = isApplicationStatus(count.status) ? count.status : 'none';
        const row = groupRow(count.group_id);
        if (status === 'accepted') row.accepted += n;
        if (wantedStatuses && !wantedStatuses.has(status)) continue;
        total += n;
        weeks.set(count.week, (weeks.get(count.week) ?? 0) + n);
        byStatus.set(status, (byStatus.get(status) ?? 0) + n);
        row.byStatus.set(status, (row.byStatus.get(status) ?? 0) + n);
      }
      const wantedGroups = filter.groupId && filter.groupId.length > 0 ? new Set(filter.groupId) : null;
      const listed = (groupId: number | null) => !wantedGroups || wantedGroups.has(groupId);
      const toGroup = (groupId: number | null, groupName: string | null, wanted: number | null): StatisticsGroup => {
        const row = groupRow(groupId);
        const statuses = APPLICATION_STATUSES.map((status) => ({ status, count: row.byStatus.get(status) ?? 0 }));
        return {
          groupId,
          groupName,
          total: statuses.reduce((sum, entry) => sum + entry.count, 0),
          byStatus: statuses,
          accepted: row.accepted,
          wanted,
        };
      };
      const byGroup = groups
        .filter((group) => listed(group.id))
        .map((group) => toGroup(group.id, group.name, group.wanted));
      if (listed(null)) byGroup.push(toGroup(null, null, null));

      // --- week options, with the configured labels ---
      let byWeek: StatisticsResponse['applications']['byWeek'] = null;
      if (weekConfig?.success) {
        const configured = new Set(weekConfig.data.options.map((option) => option.value));
        byWeek = {
          label: weekConfig.data.filterLabel,
          options: weekConfig.data.options.map((option) => ({
            value: option.value,
            label: option.label,
            count: weeks.get(option.value) ?? 0,
          })),
          none: [...weeks.entries()]
            .filter(([week]) => week === null || !configured.has(week))
            .reduce((sum, [, count]) => sum + count, 0),
        };
      }

      // --- per day, and the running total ---
      let cumulative = 0;
      const perDay = days.map((row) => {
        cumulative += Number(row.count);
        return { date: row.day, count: Number(row.count), cumulative };
      });

      // --- members by role and by group ---
      const roleCounts = new Map<number, number>();
      const memberGroups = new Map<number | null, number>();
      let memberTotal = 0;
      for (const row of members) {
        const n = Number(row.count);
        memberTotal += n;
        roleCounts.set(row.role_level, (roleCounts.get(row.role_level) ?? 0) + n);
        memberGroups.set(row.group_id, (memberGroups.get(row.group_id) ?? 0) + n);
      }
      const memberByGroup = [
        ...groups.map((group) => ({
          groupId: group.id,
          groupName: group.name,
          count: memberGroups.get(group.id) ?? 0,
        })),
        { groupId: null, groupName: null, count: memberGroups.get(null) ?? 0 },
      ];

      // --- per option of each select, radio and checkbox field ---
      await turnOfTheLoop();
      const rowsByField = new Map<string, OptionCountRow[]>();
      for (const row of options) {
        const list = rowsByField.get(row.field) ?? [];
        list.push(row);
        rowsByField.set(row.field, list);
      }

      // The biggest form's 20,000 options are counted a slice of fields at a time.
      const counted: StatisticsResponse['fields'] = [];
      for (let index = 0; index < fields.length; index += 1) {
        if (index > 0 && index % FIELDS_PER_TURN === 0) await turnOfTheLoop();
        const field = fields[index] as FormField;
        counted.push(fieldCounts(field, rowsByField.get(field.name) ?? []));
      }
      // The answer is written in a turn of its own.
      await turnOfTheLoop();
      return {
        applications: {
          total,
          byStatus: APPLICATION_STATUSES.map((status) => ({ status, count: byStatus.get(status) ?? 0 })),
          byGroup,
          byWeek,
          perDay,
        },
        members: {
          total: memberTotal,
          byRole: ROLE_LEVELS.map((roleLevel) => ({ roleLevel, count: roleCounts.get(roleLevel) ?? 0 })),
          byGroup: memberByGroup,
        },
        fields: counted,
      };
    },
  };
}
