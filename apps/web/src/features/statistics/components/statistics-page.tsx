import { NO_GROUP_FILTER, type WeekSeparationConfig } from '@funkis/shared';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/ui/load-error';
import { paths } from '../../../config/paths';
import { useListSearchParams } from '../../../hooks/use-list-search-params';
import { filterFromSearch, searchOf } from '../api/filter-params';
import { useStatistics } from '../api/get-statistics';
import {
  AcceptanceProgressChart,
  ApplicationsByGroupChart,
  ApplicationsByStatusChart,
  ApplicationsByWeekChart,
  ApplicationsPerDayChart,
  FieldChart,
  MembersByGroupChart,
  MembersByRoleChart,
  type ReviewHref,
} from './statistics-charts';
import { type GroupChoice, StatisticsFilters } from './statistics-filters';

interface StatisticsPageProps {
  eventId: number;
  weeks: WeekSeparationConfig | null;
}

/** Statistics of an event: filters in the URL, one call, a chart and a table per question asked. */
export function StatisticsPage({ eventId, weeks }: StatisticsPageProps) {
  const { t } = useTranslation('statistics');
  // Kept in the query string as the review's filters are (each change builds on the last one asked for).
  const [filter, setFilter] = useListSearchParams(filterFromSearch, searchOf);
  const statistics = useStatistics(eventId, filter);
  const data = statistics.data;

  // The review takes status, groupId and week; a click narrows the current filter to the bar.
  const reviewHref: ReviewHref = (target) =>
    paths.event.applications.href(eventId, {
      status: target.status ?? (filter.status.join(',') || undefined),
      groupId:
        target.groupId !== undefined
          ? target.groupId === null
            ? NO_GROUP_FILTER
            : String(target.groupId)
          : filter.groupId.join(',') || undefined,
      week: target.week ?? (filter.week.join(',') || undefined),
    });

  const groups: GroupChoice[] = [
    ...(data?.members.byGroup ?? [])
      .filter((group) => group.groupId !== null)
      .map((group) => ({ value: String(group.groupId), label: group.groupName ?? '' })),
    { value: NO_GROUP_FILTER, label: t('noGroup') },
  ];
  const isFiltered =
    filter.status.length + filter.groupId.length + filter.week.length > 0 || filter.from !== '' || filter.to !== '';
  const emptyText = isFiltered ? t('empty.noMatch') : t('empty.noApplications');

  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {t('title')}
      </Typography>
      <StatisticsFilters filter={filter} groups={groups} weeks={weeks} onChange={setFilter} />
      {statistics.isError ? (
        <LoadError error={statistics.error} onRetry={() => void statistics.refetch()} />
      ) : !data ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label={t('loading')} />
        </Box>
      ) : (
        <>
          <Typography
            role="status"
            sx={{ mb: 2, opacity: statistics.isFetching ? 0.6 : 1 }}
            data-testid="statistics-total"
          >
            {data.applications.total === 0 && !isFiltered
              ? t('empty.noApplications')
              : t('summary', { count: data.applications.total, members: data.members.total })}
          </Typography>
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 6 }}>
              <ApplicationsByStatusChart data={data} reviewHref={reviewHref} emptyText={emptyText} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <ApplicationsPerDayChart data={data} emptyText={emptyText} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <ApplicationsByGroupChart data={data} reviewHref={reviewHref} emptyText={emptyText} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <AcceptanceProgressChart data={data} reviewHref={reviewHref} />
            </Grid>
            {data.applications.byWeek ? (
              <Grid size={{ xs: 12, md: 6 }}>
                <ApplicationsByWeekChart data={data} reviewHref={reviewHref} emptyText={emptyText} />
              </Grid>
            ) : null}
            <Grid size={{ xs: 12, md: 6 }}>
              <MembersByRoleChart data={data} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <MembersByGroupChart data={data} />
            </Grid>
            {data.fields.map((field) => (
              <Grid key={field.name} size={{ xs: 12, md: 6 }}>
                <FieldChart field={field} emptyText={emptyText} />
              </Grid>
            ))}
          </Grid>
        </>
      )}
    </Box>
  );
}
