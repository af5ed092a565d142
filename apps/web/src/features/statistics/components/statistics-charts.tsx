import { APPLICATION_STATUSES, type ApplicationStatus, type StatisticsResponse } from '@funkis/shared';
import { useTheme } from '@mui/material/styles';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ChartCard, type ChartTableRow } from './chart-card';

/** Where a click on a bar goes: the applications review filtered to it (null when the bar has no review filter). */
export type ReviewHref = (target: { status?: ApplicationStatus; groupId?: number | null; week?: string }) => string;

const BAR_SIZE = 34;
const barChartHeight = (bars: number) => Math.max(160, bars * BAR_SIZE + 70);
const clickable = { '& .MuiBarElement-root': { cursor: 'pointer' } } as const;
const AXIS_WIDTH = 110;

/**
 * Right-to-left: the charts read from the right too (decision 026). The value (or time) axis runs from right to
 * left and the category or value labels stand on the right.
 */
function useRtlAxes() {
  const isRtl = useTheme().direction === 'rtl';
  return {
    value: <T extends object>(axis: T) => ({ ...axis, reverse: isRtl }),
    side: <T extends object>(axis: T) => ({ ...axis, position: isRtl ? ('right' as const) : ('left' as const) }),
  };
}

function useStatusColors(): Record<ApplicationStatus, string> {
  const { palette } = useTheme();
  return {
    pending: palette.info.main,
    staged: palette.secondary.main,
    accepted: palette.success.main,
    reserve: palette.warning.main,
    rejected: palette.error.main,
    none: palette.grey[500],
  };
}

function useLabels() {
  const { t, i18n } = useTranslation('statistics');
  const dayFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeZone: 'UTC' });
  return {
    status: (status: ApplicationStatus) => t(`status.${status}`),
    group: (name: string | null) => name ?? t('noGroup'),
    role: (level: number) => t(`roles.${level}`),
    day: (day: string) => {
      const date = new Date(`${day}T00:00:00.000Z`);
      return Number.isNaN(date.getTime()) ? day : dayFormat.format(date);
    },
  };
}

interface ChartsProps {
  data: StatisticsResponse;
  reviewHref: ReviewHref;
  /** Shown on the application charts when nothing matches. */
  emptyText: string;
}

export function ApplicationsByStatusChart({ data, reviewHref, emptyText }: ChartsProps) {
  const axes = useRtlAxes();
  const { t } = useTranslation('statistics');
  const labels = useLabels();
  const colors = useStatusColors();
  const navigate = useNavigate();
  const entries = data.applications.byStatus;
  const rows: ChartTableRow[] = entries.map((entry) => ({
    key: entry.status,
    label: labels.status(entry.status),
    values: [entry.count],
    href: reviewHref({ status: entry.status }),
  }));
  return (
    <ChartCard
      title={t('charts.byStatus')}
      csvName="applications-by-status"
      table={{ labelHeader: t('table.status'), headers: [t('table.applications')], rows }}
      isEmpty={data.applications.total === 0}
      emptyText={emptyText}
    >
      <BarChart
        height={barChartHeight(entries.length)}
        layout="horizontal"
        yAxis={[
          axes.side({
            scaleType: 'band' as const,
            data: entries.map((entry) => labels.status(entry.status)),
            width: AXIS_WIDTH,
            colorMap: {
              type: 'ordinal',
              values: entries.map((entry) => labels.status(entry.status)),
              colors: entries.map((entry) => colors[entry.status]),
            },
          }),
        ]}
        xAxis={[axes.value({ tickMinStep: 1 })]}
        series={[{ id: 'status', data: entries.map((entry) => entry.count), label: t('table.applications') }]}
        hideLegend
        onItemClick={(_event, item) => {
          const entry = entries[item.dataIndex];
          if (entry) navigate(reviewHref({ status: entry.status }));
        }}
        sx={clickable}
      />
    </ChartCard>
  );
}

export function ApplicationsByGroupChart({ data, reviewHref, emptyText }: ChartsProps) {
  const axes = useRtlAxes();
  const { t } = useTranslation('statistics');
  const labels = useLabels();
  const colors = useStatusColors();
  const navigate = useNavigate();
  const groups = data.applications.byGroup;
  const rows: ChartTableRow[] = groups.map((group) => ({
    key: String(group.groupId),
    label: labels.group(group.groupName),
    values: [...group.byStatus.map((entry) => entry.count), group.total],
    href: reviewHref({ groupId: group.groupId }),
  }));
  return (
    <ChartCard
      title={t('charts.byGroup')}
      description={t('charts.byGroupHint')}
      csvName="applications-by-group"
      table={{
        labelHeader: t('table.group'),
        headers: [...APPLICATION_STATUSES.map((status) => labels.status(status)), t('table.total')],
        rows,
      }}
      isEmpty={data.applications.total === 0}
      emptyText={emptyText}
    >
      <BarChart
        height={barChartHeight(groups.length) + 40}
        layout="horizontal"
        yAxis={[
          axes.side({
            scaleType: 'band' as const,
            data: groups.map((group) => labels.group(group.groupName)),
            width: AXIS_WIDTH,
          }),
        ]}
        xAxis={[axes.value({ tickMinStep: 1 })]}
        series={APPLICATION_STATUSES.map((status) => ({
          id: status,
          label: labels.status(status),
          stack: 'status',
          color: colors[status],
          data: groups.map((group) => group.byStatus.find((entry) => entry.status === status)?.count ?? 0),
        }))}
        slotProps={{ legend: { direction: 'horizontal', position: { vertical: 'bottom', horizontal: 'center' } } }}
        onItemClick={(_event, item) => {
          const group = groups[item.dataIndex];
          if (!group) return;
          navigate(reviewHref({ groupId: group.groupId, status: item.seriesId as ApplicationStatus }));
        }}
        sx={clickable}
      />
    </ChartCard>
  );
}

export function AcceptanceProgressChart({ data, reviewHref }: Omit<ChartsProps, 'emptyText'>) {
  const axes = useRtlAxes();
  const { t } = useTranslation('statistics');
  const { palette } = useTheme();
  const navigate = useNavigate();
  const groups = data.applications.byGroup.filter((group) => group.groupId !== null);
  const rows: ChartTableRow[] = groups.map((group) => ({
    key: String(group.groupId),
    label: group.groupName ?? '',
    values: [
      group.accepted,
      group.wanted ?? '',
      group.wanted ? `${Math.round((group.accepted / group.wanted) * 100)} %` : '',
    ],
    href: reviewHref({ groupId: group.groupId, status: 'accepted' }),
  }));
  return (
    <ChartCard
      title={t('charts.progress')}
      description={t('charts.progressHint')}
      csvName="acceptance-progress"
      table={{
        labelHeader: t('table.group'),
        headers: [t('table.accepted'), t('table.wanted'), t('table.progress')],
        rows,
      }}
      isEmpty={groups.length === 0}
      emptyText={t('empty.noGroups')}
    >
      <BarChart
        height={barChartHeight(groups.length * 2) + 40}
        layout="horizontal"
        yAxis={[
          axes.side({
            scaleType: 'band' as const,
            data: groups.map((group) => group.groupName ?? ''),
            width: AXIS_WIDTH,
          }),
        ]}
        xAxis={[axes.value({ tickMinStep: 1 })]}
        series={[
          {
            id: 'accepted',
            label: t('table.accepted'),
            color: palette.success.main,
            data: groups.map((group) => group.accepted),
          },
          {
            id: 'wanted',
            label: t('table.wanted'),
            color: palette.grey[400],
            data: groups.map((group) => group.wanted),
          },
        ]}
        slotProps={{ legend: { direction: 'horizontal', position: { vertical: 'bottom', horizontal: 'center' } } }}
        onItemClick={(_event, item) => {
          const group = groups[item.dataIndex];
          if (group) navigate(reviewHref({ groupId: group.groupId, status: 'accepted' }));
        }}
        sx={clickable}
      />
    </ChartCard>
  );
}

export function ApplicationsByWeekChart({ data, reviewHref, emptyText }: ChartsProps) {
  const axes = useRtlAxes();
  const { t } = useTranslation('statistics');
  const { palette } = useTheme();
  const navigate = useNavigate();
  const byWeek = data.applications.byWeek;
  if (!byWeek) return null;
  const rows: ChartTableRow[] = [
    ...byWeek.options.map((option) => ({
      key: option.value,
      label: option.label ?? option.value,
      values: [option.count],
      href: reviewHref({ week: option.value }),
    })),
    { key: '__none', label: t('noWeek'), values: [byWeek.none] },
  ];
  return (
    <ChartCard
      title={t('charts.byWeek', { label: byWeek.label })}
      csvName="applications-by-week"
      table={{ labelHeader: byWeek.label, headers: [t('table.applications')], rows }}
      isEmpty={data.applications.total === 0}
      emptyText={emptyText}
    >
      <BarChart
        height={barChartHeight(byWeek.options.length)}
        layout="horizontal"
        yAxis={[
          axes.side({
            scaleType: 'band' as const,
            data: byWeek.options.map((option) => option.label ?? option.value),
            width: AXIS_WIDTH,
          }),
        ]}
        xAxis={[axes.value({ tickMinStep: 1 })]}
        series={[
          {
            id: 'week',
            label: t('table.applications'),
            color: palette.primary.main,
            data: byWeek.options.map((option) => option.count),
          },
        ]}
        hideLegend
        onItemClick={(_event, item) => {
          const option = byWeek.options[item.dataIndex];
          if (option) navigate(reviewHref({ week: option.value }));
        }}
        sx={clickable}
      />
    </ChartCard>
  );
}

export function ApplicationsPerDayChart({ data, emptyText }: Omit<ChartsProps, 'reviewHref'>) {
  const axes = useRtlAxes();
  const { t } = useTranslation('statistics');
  const labels = useLabels();
  const { palette } = useTheme();
  const days = data.applications.perDay;
  const rows: ChartTableRow[] = days.map((day) => ({
    key: day.date,
    label: labels.day(day.date),
    values: [day.count, day.cumulative],
  }));
  return (
    <ChartCard
      title={t('charts.perDay')}
      description={t('charts.perDayHint')}
      csvName="applications-per-day"
      table={{ labelHeader: t('table.day'), headers: [t('table.perDay'), t('table.cumulative')], rows }}
      isEmpty={days.length === 0}
      emptyText={emptyText}
    >
      <LineChart
        height={280}
        xAxis={[axes.value({ scaleType: 'point' as const, data: days.map((day) => labels.day(day.date)) })]}
        yAxis={[axes.side({ tickMinStep: 1 })]}
        series={[
          {
            id: 'perDay',
            label: t('table.perDay'),
            data: days.map((day) => day.count),
            color: palette.primary.main,
            showMark: days.length < 40,
          },
          {
            id: 'cumulative',
            label: t('table.cumulative'),
            data: days.map((day) => day.cumulative),
            color: palette.secondary.main,
            showMark: false,
            area: false,
          },
        ]}
        slotProps={{ legend: { direction: 'horizontal', position: { vertical: 'bottom', horizontal: 'center' } } }}
      />
    </ChartCard>
  );
}

export function MembersByRoleChart({ data }: { data: StatisticsResponse }) {
  const axes = useRtlAxes();
  const { t } = useTranslation('statistics');
  const labels = useLabels();
  const { palette } = useTheme();
  const byRole = data.members.byRole;
  return (
    <ChartCard
      title={t('charts.membersByRole')}
      description={t('charts.membersHint')}
      csvName="members-by-role"
      table={{
        labelHeader: t('table.role'),
        headers: [t('table.members')],
        rows: byRole.map((entry) => ({
          key: String(entry.roleLevel),
          label: labels.role(entry.roleLevel),
          values: [entry.count],
        })),
      }}
    >
      <BarChart
        height={barChartHeight(byRole.length)}
        layout="horizontal"
        yAxis={[
          axes.side({
            scaleType: 'band' as const,
            data: byRole.map((entry) => labels.role(entry.roleLevel)),
            width: AXIS_WIDTH,
          }),
        ]}
        xAxis={[axes.value({ tickMinStep: 1 })]}
        series={[
          {
            id: 'roles',
            label: t('table.members'),
            color: palette.secondary.main,
            data: byRole.map((entry) => entry.count),
          },
        ]}
        hideLegend
      />
    </ChartCard>
  );
}

export function MembersByGroupChart({ data }: { data: StatisticsResponse }) {
  const axes = useRtlAxes();
  const { t } = useTranslation('statistics');
  const labels = useLabels();
  const { palette } = useTheme();
  const byGroup = data.members.byGroup;
  return (
    <ChartCard
      title={t('charts.membersByGroup')}
      description={t('charts.membersHint')}
      csvName="members-by-group"
      table={{
        labelHeader: t('table.group'),
        headers: [t('table.members')],
        rows: byGroup.map((entry) => ({
          key: String(entry.groupId),
          label: labels.group(entry.groupName),
          values: [entry.count],
        })),
      }}
    >
      <BarChart
        height={barChartHeight(byGroup.length)}
        layout="horizontal"
        yAxis={[
          axes.side({
            scaleType: 'band' as const,
            data: byGroup.map((entry) => labels.group(entry.groupName)),
            width: AXIS_WIDTH,
          }),
        ]}
        xAxis={[axes.value({ tickMinStep: 1 })]}
        series={[
          {
            id: 'groups',
            label: t('table.members'),
            color: palette.secondary.main,
            data: byGroup.map((entry) => entry.count),
          },
        ]}
        hideLegend
      />
    </ChartCard>
  );
}

export function FieldChart({ field, emptyText }: { field: StatisticsResponse['fields'][number]; emptyText: string }) {
  const axes = useRtlAxes();
  const { t } = useTranslation('statistics');
  const { palette } = useTheme();
  const optionLabel = (option: (typeof field.options)[number]) =>
    field.type === 'checkbox'
      ? option.value === 'true'
        ? t('options.checked')
        : t('options.unchecked')
      : (option.label ?? option.value);
  const options = field.options;
  return (
    <ChartCard
      title={field.label || field.name}
      description={t('charts.fieldHint', { count: field.answered })}
      csvName={`answers-${field.name}`}
      table={{
        labelHeader: t('table.option'),
        headers: [t('table.applications')],
        rows: options.map((option) => ({ key: option.value, label: optionLabel(option), values: [option.count] })),
      }}
      isEmpty={field.answered === 0}
      emptyText={emptyText}
    >
      <BarChart
        height={barChartHeight(options.length)}
        layout="horizontal"
        yAxis={[axes.side({ scaleType: 'band' as const, data: options.map(optionLabel), width: AXIS_WIDTH })]}
        xAxis={[axes.value({ tickMinStep: 1 })]}
        series={[
          {
            id: field.name,
            label: t('table.applications'),
            color: palette.primary.main,
            data: options.map((option) => option.count),
          },
        ]}
        hideLegend
      />
    </ChartCard>
  );
}
