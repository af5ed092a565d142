import type { ShiftBlock } from '@funkis/shared';
import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { Fragment, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/forms/date-field';
import { FormErrorList } from '../../../components/ui/form-error-list';
import { FLIP_IN_RTL_CLASS } from '../../../config/theme/create-app-theme';
import { errorMessagesOf } from '../../../lib/api-client';
import { useTimeline } from '../api/get-timeline';
import { type TimelineRows, timelineFiltersOf } from '../api/view-params';
import { CoverageTable } from './coverage-table';
import { useEventZone } from './event-zone';
import { dayKey, formatDay, formatShiftTime } from './format';
import { addDays, dayStart, type Period, periodDays, stepped, toDayKey } from './period';

export interface TimelineViewProps {
  eventId: number;
  period: Period;
  rows: TimelineRows;
  organiser: boolean;
  /** A change of the period, as a function of the period it applies to (the last one asked for). */
  onPeriodChange(change: (period: Period) => Period): void;
  onRowsChange(rows: TimelineRows): void;
  onOpen(block: ShiftBlock): void;
}

const HOUR_WIDTH = 64;
const LANE_HEIGHT = 64;
const LABEL_WIDTH = 150;
/** The week's row labels and day columns are narrower, so seven days fit beside the open sidebar at 1280 px. */
const WEEK_LABEL_WIDTH = 120;
const WEEK_DAY_MIN_WIDTH = 104;

/**
 * Whether a sideways-scrolling region has more to show before or after what is in view (in reading order), kept
 * up to date on scroll and resize: the cue that more days lie to the side.
 */
function useMoreToTheSide() {
  const ref = useRef<HTMLDivElement | null>(null);
  const [more, setMore] = useState({ before: false, after: false });
  const measure = useCallback(() => {
    const element = ref.current;
    if (!element) return;
    const hidden = element.scrollWidth - element.clientWidth;
    // In right-to-left scrollLeft runs from 0 to -hidden; its size is what is scrolled past either way.
    const scrolled = Math.abs(element.scrollLeft);
    const next = { before: hidden > 1 && scrolled > 1, after: hidden > 1 && scrolled < hidden - 1 };
    setMore((current) => (current.before === next.before && current.after === next.after ? current : next));
  }, []);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => observer?.disconnect();
  }, [measure]);
  return { ref, more, measure };
}

/** Lanes of one row: each block in the first lane where it does not overlap the one before. */
function lanesOf(blocks: ShiftBlock[]): ShiftBlock[][] {
  const lanes: ShiftBlock[][] = [];
  for (const block of blocks) {
    const lane = lanes.find((items) => Date.parse(items[items.length - 1].endsAt) <= Date.parse(block.startsAt));
    if (lane) lane.push(block);
    else lanes.push([block]);
  }
  return lanes;
}

function Block({
  block,
  rowName,
  onOpen,
  sx,
}: {
  block: ShiftBlock;
  rowName: string;
  onOpen(block: ShiftBlock): void;
  sx?: object;
}) {
  const { t, i18n } = useTranslation('planning');
  const full = block.filled >= block.capacity;
  const zone = useEventZone();
  const time = formatShiftTime(i18n.language, block.startsAt, block.endsAt, zone);
  const hours = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit', timeZone: zone });
  return (
    <ButtonBase
      focusRipple
      data-testid={`timeline-shift-${block.id}`}
      aria-label={t('timeline.block', {
        title: block.title,
        time,
        row: rowName,
        filled: block.filled,
        capacity: block.capacity,
      })}
      onClick={() => onOpen(block)}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'flex-start',
        justifyContent: 'flex-start',
        textAlign: 'left',
        overflow: 'hidden',
        px: 1,
        py: 0.5,
        borderRadius: 1,
        border: 1,
        borderLeft: 4,
        borderColor: full ? 'success.main' : block.filled === 0 ? 'warning.main' : 'info.main',
        bgcolor: 'background.paper',
        '&:hover': { bgcolor: 'action.hover' },
        '&.Mui-focusVisible': { outline: 3, outlineColor: 'primary.main', outlineOffset: 1 },
        ...sx,
      }}
    >
      <Typography variant="body2" noWrap sx={{ fontWeight: 600, maxWidth: '100%' }}>
        {block.title}
      </Typography>
      <Typography variant="caption" noWrap sx={{ maxWidth: '100%' }}>
        {hours.format(new Date(block.startsAt))}–{hours.format(new Date(block.endsAt))} · {block.filled}/
        {block.capacity}
        {block.mine ? ' ★' : ''}
      </Typography>
    </ButtonBase>
  );
}

/** Day: columns are hours, blocks placed by their times; rows stack overlapping blocks in lanes. */
function DayGrid({
  day,
  rows,
  onOpen,
  label,
}: {
  day: Date;
  rows: [string, ShiftBlock[]][];
  onOpen(block: ShiftBlock): void;
  label: string;
}) {
  const { i18n } = useTranslation('planning');
  const zone = useEventZone();
  const start = day.getTime();
  const end = addDays(day, 1, zone).getTime();
  const all = rows.flatMap(([, blocks]) => blocks);
  const firstHour = Math.max(
    0,
    Math.min(...all.map((block) => Math.floor((Date.parse(block.startsAt) - start) / 3.6e6))),
  );
  const lastHour = Math.min(24, Math.max(...all.map((block) => Math.ceil((Date.parse(block.endsAt) - start) / 3.6e6))));
  const from = Math.min(firstHour, 23);
  const to = Math.max(lastHour, from + 1);
  const hourFormat = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit', timeZone: zone });
  const x = (instant: string) => {
    const clamped = Math.min(end, Math.max(start, Date.parse(instant)));
    return ((clamped - start) / 3.6e6 - from) * HOUR_WIDTH;
  };
  return (
    <Box
      role="region"
      aria-label={label}
      tabIndex={0}
      sx={{ overflowX: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}
    >
      <Box sx={{ minWidth: LABEL_WIDTH + (to - from) * HOUR_WIDTH }}>
        <Box sx={{ display: 'flex', borderBottom: 1, borderColor: 'divider', bgcolor: 'action.hover' }}>
          <Box sx={{ width: LABEL_WIDTH, flexShrink: 0 }} />
          {Array.from({ length: to - from }, (_, index) => from + index).map((hour) => (
            <Typography
              key={hour}
              variant="caption"
              aria-hidden
              sx={{ width: HOUR_WIDTH, flexShrink: 0, px: 0.5, borderLeft: 1, borderColor: 'divider' }}
            >
              {hourFormat.format(new Date(start + hour * 3.6e6))}
            </Typography>
          ))}
        </Box>
        {rows.map(([name, blocks]) => {
          const lanes = lanesOf(blocks);
          return (
            <Box
              key={name}
              component="section"
              aria-label={name}
              sx={{ display: 'flex', borderBottom: 1, borderColor: 'divider' }}
            >
              <Typography
                variant="body2"
                sx={{ width: LABEL_WIDTH, flexShrink: 0, p: 1, fontWeight: 600, overflowWrap: 'anywhere' }}
              >
                {name}
              </Typography>
              <Box sx={{ position: 'relative', flex: 1, height: lanes.length * LANE_HEIGHT + 8 }}>
                {lanes.flatMap((lane, laneIndex) =>
                  lane.map((block) => (
                    <Block
                      key={block.id}
                      block={block}
                      rowName={name}
                      onOpen={onOpen}
                      sx={{
                        position: 'absolute',
                        top: 4 + laneIndex * LANE_HEIGHT,
                        left: x(block.startsAt) + 2,
                        width: Math.max(x(block.endsAt) - x(block.startsAt) - 4, 40),
                        height: LANE_HEIGHT - 6,
                      }}
                    />
                  )),
                )}
              </Box>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
}

/** Week: columns are days, each cell the row's blocks of that day by start. */
function WeekGrid({
  days,
  rows,
  onOpen,
  label,
}: {
  days: Date[];
  rows: [string, ShiftBlock[]][];
  onOpen(block: ShiftBlock): void;
  label: string;
}) {
  const { i18n } = useTranslation('planning');
  const zone = useEventZone();
  const dayFormat = new Intl.DateTimeFormat(i18n.language, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: zone,
  });
  const { t } = useTranslation('planning');
  const columns = `${WEEK_LABEL_WIDTH}px repeat(${days.length}, minmax(${WEEK_DAY_MIN_WIDTH}px, 1fr))`;
  const side = useMoreToTheSide();
  const scrollBy = (direction: 1 | -1) => {
    const element = side.ref.current;
    if (!element) return;
    const rtl = getComputedStyle(element).direction === 'rtl';
    element.scrollBy({ left: direction * (rtl ? -1 : 1) * element.clientWidth * 0.8, behavior: 'smooth' });
  };
  const fade = (edge: 'left' | 'right') => ({
    position: 'absolute',
    top: 0,
    bottom: 0,
    [edge]: 0,
    width: 32,
    pointerEvents: 'none',
    background: (theme: { palette: { background: { paper: string } } }) =>
      `linear-gradient(to ${edge}, transparent, ${theme.palette.background.paper})`,
  });
  return (
    <Box sx={{ position: 'relative' }}>
      <Box
        ref={side.ref}
        onScroll={side.measure}
        role="region"
        aria-label={label}
        tabIndex={0}
        sx={{ overflowX: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}
      >
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: columns,
            minWidth: WEEK_LABEL_WIDTH + days.length * WEEK_DAY_MIN_WIDTH,
          }}
        >
          <Box sx={{ bgcolor: 'action.hover', borderBottom: 1, borderColor: 'divider' }} />
          {days.map((day) => (
            <Typography
              key={day.getTime()}
              variant="caption"
              sx={{
                p: 0.5,
                fontWeight: 600,
                bgcolor: 'action.hover',
                borderBottom: 1,
                borderLeft: 1,
                borderColor: 'divider',
              }}
            >
              {dayFormat.format(day)}
            </Typography>
          ))}
          {rows.map(([name, blocks]) => (
            <Fragment key={name}>
              <Typography
                variant="body2"
                sx={{ p: 1, fontWeight: 600, borderBottom: 1, borderColor: 'divider', overflowWrap: 'anywhere' }}
              >
                {name}
              </Typography>
              {days.map((day) => {
                const key = toDayKey(day, zone);
                const ofDay = blocks.filter((block) => dayKey(block.startsAt, zone) === key);
                return (
                  <Stack
                    key={day.getTime()}
                    spacing={0.5}
                    sx={{ p: 0.5, borderBottom: 1, borderLeft: 1, borderColor: 'divider', minWidth: 0 }}
                  >
                    {ofDay.map((block) => (
                      <Block key={block.id} block={block} rowName={name} onOpen={onOpen} sx={{ width: '100%' }} />
                    ))}
                  </Stack>
                );
              })}
            </Fragment>
          ))}
        </Box>
      </Box>
      {side.more.before ? <Box aria-hidden sx={fade('left')} /> : null}
      {side.more.after ? <Box aria-hidden sx={fade('right')} /> : null}
      {side.more.before || side.more.after ? (
        <Stack direction="row" spacing={1} sx={{ mt: 0.5, justifyContent: 'flex-end' }} data-testid="timeline-more">
          {side.more.before ? (
            <Button size="small" startIcon={<ChevronLeft className={FLIP_IN_RTL_CLASS} />} onClick={() => scrollBy(-1)}>
              {t('timeline.moreBefore')}
            </Button>
          ) : null}
          {side.more.after ? (
            <Button size="small" endIcon={<ChevronRight className={FLIP_IN_RTL_CLASS} />} onClick={() => scrollBy(1)}>
              {t('timeline.moreAfter')}
            </Button>
          ) : null}
        </Stack>
      ) : null}
    </Box>
  );
}

/** At 375 px: the period as a list per day, the start times sticking to the top while their shifts scroll by. */
function DayList({
  days,
  blocks,
  rowOf,
  onOpen,
}: {
  days: Date[];
  blocks: ShiftBlock[];
  rowOf(block: ShiftBlock): string;
  onOpen(block: ShiftBlock): void;
}) {
  const { i18n } = useTranslation('planning');
  const zone = useEventZone();
  const hourFormat = new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit', timeZone: zone });
  return (
    <Stack spacing={2}>
      {days.map((day) => {
        const key = toDayKey(day, zone);
        const ofDay = blocks.filter((block) => dayKey(block.startsAt, zone) === key);
        if (ofDay.length === 0) return null;
        const byTime = new Map<string, ShiftBlock[]>();
        for (const block of ofDay) {
          const time = hourFormat.format(new Date(block.startsAt));
          byTime.set(time, [...(byTime.get(time) ?? []), block]);
        }
        return (
          <Box key={key} component="section" aria-label={formatDay(i18n.language, key)}>
            <Typography variant="h6" component="h3">
              {formatDay(i18n.language, key)}
            </Typography>
            {[...byTime].map(([time, list]) => (
              <Box key={time}>
                <Typography
                  variant="subtitle2"
                  component="h4"
                  sx={{
                    position: 'sticky',
                    top: 0,
                    zIndex: 1,
                    bgcolor: 'background.default',
                    py: 0.5,
                    borderBottom: 1,
                    borderColor: 'divider',
                  }}
                >
                  {time}
                </Typography>
                <Stack spacing={0.5} sx={{ py: 0.5 }}>
                  {list.map((block) => (
                    <Block key={block.id} block={block} rowName={rowOf(block)} onOpen={onOpen} sx={{ width: '100%' }} />
                  ))}
                </Stack>
              </Box>
            ))}
          </Box>
        );
      })}
    </Stack>
  );
}

/** The timeline: a day or a week, rows by location or by group, blocks showing filled/needed; coverage below. */
export function TimelineView(props: TimelineViewProps) {
  const { t, i18n } = useTranslation('planning');
  const theme = useTheme();
  const narrow = useMediaQuery(theme.breakpoints.down('sm'));
  const zone = useEventZone();
  const { period } = props;
  const days = periodDays(period, zone);
  const from = days[0];
  const timeline = useTimeline(props.eventId, timelineFiltersOf(period, zone));
  const blocks = timeline.data?.shifts ?? [];
  const rowOf = (block: ShiftBlock) =>
    props.rows === 'location'
      ? block.location || t('timeline.noLocation')
      : (block.group?.name ?? t('timeline.noGroup'));
  const rows = useMemo(() => {
    const map = new Map<string, ShiftBlock[]>();
    for (const block of blocks) {
      const name =
        props.rows === 'location'
          ? block.location || t('timeline.noLocation')
          : (block.group?.name ?? t('timeline.noGroup'));
      map.set(name, [...(map.get(name) ?? []), block]);
    }
    return [...map].sort(([a], [b]) => a.localeCompare(b, i18n.language));
  }, [blocks, props.rows, t, i18n.language]);
  const dateValue = toDayKey(from, zone);
  const gridLabel = t('timeline.gridLabel', {
    by: props.rows === 'location' ? t('timeline.byLocation') : t('timeline.byGroup'),
  });

  return (
    <Paper variant="outlined" component="section" aria-labelledby="timeline-heading" sx={{ p: 2 }}>
      <Typography id="timeline-heading" variant="h5" component="h2" sx={{ mb: 1 }}>
        {t('timeline.title')}
      </Typography>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          aria-label={t('timeline.span')}
          value={period.span}
          onChange={(_, span) => span && props.onPeriodChange((current) => ({ ...current, span }))}
        >
          <ToggleButton value="day">{t('timeline.day')}</ToggleButton>
          <ToggleButton value="week">{t('timeline.week')}</ToggleButton>
        </ToggleButtonGroup>
        <Stack direction="row" sx={{ alignItems: 'center' }}>
          <IconButton
            aria-label={t('timeline.previous')}
            onClick={() => props.onPeriodChange((current) => stepped(current, -1, zone))}
          >
            <ChevronLeft />
          </IconButton>
          <DateField
            size="small"
            label={t('timeline.date')}
            value={dateValue}
            onChange={(day) => {
              if (day) props.onPeriodChange((current) => ({ ...current, start: dayStart(day, zone) }));
            }}
            sx={{ width: 180 }}
          />
          <IconButton
            aria-label={t('timeline.next')}
            onClick={() => props.onPeriodChange((current) => stepped(current, 1, zone))}
          >
            <ChevronRight />
          </IconButton>
        </Stack>
        <ToggleButtonGroup
          size="small"
          exclusive
          aria-label={t('timeline.by')}
          value={props.rows}
          onChange={(_, rowsBy) => rowsBy && props.onRowsChange(rowsBy)}
        >
          <ToggleButton value="location">{t('timeline.byLocation')}</ToggleButton>
          <ToggleButton value="group">{t('timeline.byGroup')}</ToggleButton>
        </ToggleButtonGroup>
      </Stack>
      {timeline.isError ? <FormErrorList messages={errorMessagesOf(timeline.error)} /> : null}
      {timeline.isPending ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
          <CircularProgress size={20} />
          <Typography>{t('timeline.loading')}</Typography>
        </Stack>
      ) : null}
      {timeline.isSuccess && blocks.length === 0 ? (
        <Typography color="text.secondary">{t('timeline.empty')}</Typography>
      ) : null}
      {blocks.length > 0 ? (
        narrow ? (
          <DayList days={days} blocks={blocks} rowOf={rowOf} onOpen={props.onOpen} />
        ) : period.span === 'day' ? (
          <DayGrid day={from} rows={rows} onOpen={props.onOpen} label={gridLabel} />
        ) : (
          <WeekGrid days={days} rows={rows} onOpen={props.onOpen} label={gridLabel} />
        )
      ) : null}
      {props.organiser && blocks.length > 0 ? <CoverageTable days={days} blocks={blocks} /> : null}
    </Paper>
  );
}
