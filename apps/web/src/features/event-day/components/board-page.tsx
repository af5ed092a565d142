import type { BoardShift } from '@funkis/shared';
import FullscreenExitOutlined from '@mui/icons-material/FullscreenExitOutlined';
import FullscreenOutlined from '@mui/icons-material/FullscreenOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/ui/load-error';
import { type BoardParams, useBoard } from '../api/get-board';
import { STATE_ORDER } from '../limits';
import { type BoardGrouping, countStates, groupBoard } from './board-grouping';
import { formatTime } from './format';
import { StateChip } from './state-chip';

/** Whether the page is shown full screen (the Fullscreen API), and a way to switch. */
function useFullScreen(target: React.RefObject<HTMLElement | null>) {
  const [isFullScreen, setFullScreen] = useState(false);
  useEffect(() => {
    const onChange = () => setFullScreen(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);
  const isAvailable = typeof document !== 'undefined' && document.fullscreenEnabled === true;
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void target.current?.requestFullscreen?.();
  };
  return { isAvailable, isFullScreen, toggle };
}

export interface BoardPageProps {
  eventId: number;
  eventName: string;
  timeZone?: string;
  params?: BoardParams;
  /**
   * What an organiser can do about a shift with a free place that has not ended (the app layer's "Ask for cover"),
   * under its card's people.
   */
  freePlaceAction?: (shift: BoardShift) => ReactNode;
  /** What an organiser can do about a person who is late or did not come (the app layer's "Ask for cover for …"). */
  latePlaceAction?: (shift: BoardShift, person: BoardShift['people'][number]) => ReactNode;
}

/**
 * The live board (admins; leaders their group's shifts): the shifts of now and the next two hours by location or by
 * group, how many places are filled, and each person's state as a labelled chip; asks again every 15 seconds.
 */
export function BoardPage({
  eventId,
  eventName,
  timeZone,
  params = {},
  freePlaceAction,
  latePlaceAction,
}: BoardPageProps) {
  const { t, i18n } = useTranslation('event-day');
  const board = useBoard(eventId, params);
  const [grouping, setGrouping] = useState<BoardGrouping>('location');
  const root = useRef<HTMLDivElement>(null);
  const fullScreen = useFullScreen(root);
  const language = i18n.language;

  const shifts = board.data?.shifts ?? [];
  const sections = groupBoard(shifts, grouping, language);
  const counts = countStates(shifts);

  return (
    <Box
      ref={root}
      sx={{
        bgcolor: 'background.default',
        color: 'text.primary',
        ...(fullScreen.isFullScreen ? { p: 3, overflow: 'auto' } : {}),
      }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' }, mb: 2 }}>
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography variant="h4" component="h1">
            {t('board.title')}
          </Typography>
          {fullScreen.isFullScreen ? (
            <Typography color="text.secondary" dir="auto">
              {eventName}
            </Typography>
          ) : null}
        </Box>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={grouping}
          onChange={(_, value: BoardGrouping | null) => value && setGrouping(value)}
          aria-label={t('board.groupBy')}
          // MUI's grey for a button not chosen is too light on the page's background in the nature theme.
          sx={{ '& .MuiToggleButton-root': { color: 'text.primary' } }}
        >
          <ToggleButton value="location">{t('board.byLocation')}</ToggleButton>
          <ToggleButton value="group">{t('board.byGroup')}</ToggleButton>
        </ToggleButtonGroup>
        {fullScreen.isAvailable ? (
          <Button
            variant="outlined"
            onClick={fullScreen.toggle}
            startIcon={fullScreen.isFullScreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
          >
            {fullScreen.isFullScreen ? t('board.exitFullScreen') : t('board.fullScreen')}
          </Button>
        ) : null}
      </Stack>

      {board.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label={t('board.loading')} />
        </Box>
      ) : board.isError && !board.data ? (
        <LoadError error={board.error} onRetry={() => void board.refetch()} testId="board-error" />
      ) : (
        <>
          <Stack
            direction="row"
            useFlexGap
            spacing={1}
            sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 2 }}
            aria-label={t('board.counts')}
            role="group"
            data-testid="board-counts"
          >
            {STATE_ORDER.map((state) => (
              <StateChip key={state} state={state} count={counts[state]} />
            ))}
            <Typography variant="body2" color="text.secondary" sx={{ ml: { sm: 'auto' } }} data-testid="board-updated">
              {t('board.updated', { time: formatTime(language, board.dataUpdatedAt, true) })}
            </Typography>
          </Stack>
          {board.isError ? <LoadError error={board.error} onRetry={() => void board.refetch()} sx={{ mb: 2 }} /> : null}
          {sections.length === 0 ? (
            <Alert severity="info" data-testid="board-empty">
              {t('board.empty')}
            </Alert>
          ) : (
            sections.map((section, index) => (
              <Box component="section" key={section.key} aria-labelledby={`board-section-${index}`} sx={{ mb: 3 }}>
                <Typography variant="h6" component="h2" id={`board-section-${index}`} dir="auto" sx={{ mb: 1 }}>
                  {section.label ?? (grouping === 'location' ? t('board.noLocation') : t('board.noGroup'))}
                </Typography>
                <Box
                  sx={{
                    display: 'grid',
                    gap: 2,
                    gridTemplateColumns: {
                      xs: '1fr',
                      md: 'repeat(2, minmax(0, 1fr))',
                      lg: 'repeat(3, minmax(0, 1fr))',
                    },
                  }}
                >
                  {section.shifts.map((shift) => (
                    <Card component="article" key={shift.id} variant="outlined" data-testid={`board-shift-${shift.id}`}>
                      <CardContent>
                        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }} dir="auto">
                          {shift.title}
                        </Typography>
                        <Typography variant="body2" color="text.secondary">
                          {formatTime(language, shift.startsAt, false, timeZone)}–
                          {formatTime(language, shift.endsAt, false, timeZone)}
                          {grouping === 'group' && shift.location ? ` · ${shift.location}` : ''}
                          {grouping === 'location' && shift.group ? ` · ${shift.group.name}` : ''}
                        </Typography>
                        <Typography variant="body2" sx={{ mb: 1 }}>
                          {t('board.filled', { filled: shift.people.length, capacity: shift.capacity })}
                        </Typography>
                        {shift.people.length === 0 ? (
                          <Typography variant="body2" color="text.secondary">
                            {t('board.nobody')}
                          </Typography>
                        ) : (
                          <Box
                            component="ul"
                            sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1 }}
                          >
                            {shift.people.map((person) => (
                              <li key={person.eventUserId}>
                                <StateChip state={person.state} name={`${person.firstname} ${person.lastname}`} />
                                {latePlaceAction &&
                                (person.state === 'late' || person.state === 'no_show') &&
                                Date.parse(shift.endsAt) > Date.parse(board.data?.now ?? '') ? (
                                  <Box sx={{ mt: 0.5 }}>{latePlaceAction(shift, person)}</Box>
                                ) : null}
                              </li>
                            ))}
                          </Box>
                        )}
                        {freePlaceAction &&
                        shift.people.length < shift.capacity &&
                        Date.parse(shift.endsAt) > Date.parse(board.data?.now ?? '') ? (
                          <Box sx={{ mt: 1.5 }}>{freePlaceAction(shift)}</Box>
                        ) : null}
                      </CardContent>
                    </Card>
                  ))}
                </Box>
              </Box>
            ))
          )}
        </>
      )}
    </Box>
  );
}
