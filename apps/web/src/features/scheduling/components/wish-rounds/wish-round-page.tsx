import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../../components/ui/load-error';
import { useWishRound } from '../../api/wish-rounds';
import { EventZoneProvider } from '../event-zone';
import { formatInstant } from '../format';
import { AllocationPanel } from './allocation-panel';
import { MyResult } from './my-result';
import { RoundStatus } from './round-status';
import { WishForm } from './wish-form';

export interface WishRoundPageProps {
  eventId: number;
  roundId: number;
  roleLevel: 0 | 1 | 2;
  timeZone: string;
}

/**
 * One wish round. A volunteer makes their wishes while it is open, sees them kept once it closes, and what they got
 * (with why for each wish not met) once it is published; organisers preview the allocation and publish it.
 */
export function WishRoundPage({ eventId, roundId, roleLevel, timeZone }: WishRoundPageProps) {
  const { t, i18n } = useTranslation('wish-rounds');
  const query = useWishRound(eventId, roundId);
  if (query.isPending)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
        <CircularProgress aria-label={t('round.loading')} />
      </Box>
    );
  if (query.isError)
    return <LoadError error={query.error} onRetry={() => void query.refetch()} testId="wish-round-error" />;
  const { round } = query.data;
  const organiser = roleLevel < 2;
  const participant = round.myWishes !== null || !organiser;
  return (
    <EventZoneProvider value={timeZone}>
      <Stack spacing={3}>
        <Box>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
            <Typography variant="h4" component="h1" dir="auto" sx={{ overflowWrap: 'anywhere' }}>
              {round.title}
            </Typography>
            <RoundStatus status={round.status} />
          </Stack>
          <Typography color="text.secondary" dir="auto">
            {[
              round.group?.name ?? t('list.wholeEvent'),
              t('list.shiftCount', { count: round.shifts.length }),
              t('list.perPerson', { min: round.minShifts, max: round.maxShifts }),
            ].join(' · ')}
          </Typography>
          <Typography>
            {round.status === 'open'
              ? t('list.closes', { time: formatInstant(i18n.language, round.closesAt, timeZone) })
              : t('round.closedAt', { time: formatInstant(i18n.language, round.closesAt, timeZone) })}
          </Typography>
        </Box>
        {participant ? (
          round.status === 'published' ? (
            <MyResult eventId={eventId} round={round} />
          ) : round.status === 'open' ? (
            <WishForm key={round.id} eventId={eventId} round={round} />
          ) : (
            <Alert severity="info" data-testid="round-closed">
              {round.myWishes && round.myWishes.ranked.length > 0
                ? t('round.waitingForResult', { count: round.myWishes.ranked.length })
                : t('round.closedNoWishes')}
            </Alert>
          )
        ) : null}
        {participant && organiser ? <Divider /> : null}
        {organiser ? (
          <AllocationPanel key={round.preview?.stats.seed ?? 'none'} eventId={eventId} round={round} />
        ) : null}
      </Stack>
    </EventZoneProvider>
  );
}
