import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { LoadError } from '../../../../components/ui/load-error';
import { paths } from '../../../../config/paths';
import { useWishRounds } from '../../api/wish-rounds';
import { EventZoneProvider } from '../event-zone';
import { formatInstant } from '../format';
import { NewWishRoundDialog } from './new-wish-round-dialog';
import { RoundStatus } from './round-status';

export interface WishRoundsPageProps {
  eventId: number;
  roleLevel: 0 | 1 | 2;
  /** The caller's group (a leader opens rounds for it only). */
  groupId: number | null;
  timeZone: string;
}

/**
 * The event's wish rounds: organisers open one and follow it; volunteers see the rounds open to them, make their
 * wishes and, once a round is published, what they got.
 */
export function WishRoundsPage({ eventId, roleLevel, groupId, timeZone }: WishRoundsPageProps) {
  const { t, i18n } = useTranslation('wish-rounds');
  const navigate = useNavigate();
  const rounds = useWishRounds(eventId);
  const [creating, setCreating] = useState(false);
  const organiser = roleLevel < 2;
  const list = rounds.data?.rounds ?? [];
  return (
    <EventZoneProvider value={timeZone}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 1, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <Typography variant="h4" component="h1">
          {t('list.title')}
        </Typography>
        {organiser ? (
          <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)}>
            {t('list.new')}
          </Button>
        ) : null}
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {organiser ? t('list.introOrganiser') : t('list.intro')}
      </Typography>
      {rounds.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label={t('list.loading')} />
        </Box>
      ) : rounds.isError ? (
        <LoadError error={rounds.error} onRetry={() => void rounds.refetch()} testId="wish-rounds-error" />
      ) : list.length === 0 ? (
        <Alert severity="info" data-testid="wish-rounds-empty">
          {organiser ? t('list.emptyOrganiser') : t('list.empty')}
        </Alert>
      ) : (
        <Stack spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="wish-rounds">
          {list.map((round) => (
            <Card key={round.id} component="li" variant="outlined">
              <CardActionArea component={RouterLink} to={paths.event.wishRound.href(eventId, round.id)}>
                <CardContent>
                  <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
                    <Typography variant="h6" component="h2" dir="auto" sx={{ overflowWrap: 'anywhere' }}>
                      {round.title}
                    </Typography>
                    <RoundStatus status={round.status} />
                  </Stack>
                  <Typography variant="body2" color="text.secondary" dir="auto">
                    {[
                      round.group?.name ?? t('list.wholeEvent'),
                      t('list.shiftCount', { count: round.shiftCount }),
                      t('list.perPerson', { min: round.minShifts, max: round.maxShifts }),
                    ].join(' · ')}
                  </Typography>
                  <Typography variant="body2">
                    {round.status === 'open'
                      ? t('list.closes', { time: formatInstant(i18n.language, round.closesAt, timeZone) })
                      : round.status === 'published'
                        ? t('list.publishedNote')
                        : t('list.closedNote')}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          ))}
        </Stack>
      )}
      {creating ? (
        <NewWishRoundDialog
          eventId={eventId}
          timeZone={timeZone}
          fixedGroupId={roleLevel === 1 ? groupId : null}
          onClose={() => setCreating(false)}
          onCreated={(roundId) => {
            setCreating(false);
            void navigate(paths.event.wishRound.href(eventId, roundId));
          }}
        />
      ) : null}
    </EventZoneProvider>
  );
}
