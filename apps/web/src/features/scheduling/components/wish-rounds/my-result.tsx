import type { WishRound } from '@funkis/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../../components/ui/load-error';
import { useMyWishResult } from '../../api/wish-rounds';
import { useShiftTime } from '../event-zone';

/** A participant's result of a published round: the shifts they got, and why each wish not met was not. */
export function MyResult({ eventId, round }: { eventId: number; round: WishRound }) {
  const { t } = useTranslation('wish-rounds');
  const shiftTime = useShiftTime();
  const result = useMyWishResult(eventId, round.id, true);
  const byId = new Map(round.shifts.map((shift) => [shift.id, shift]));
  const describe = (shiftId: number) => {
    const shift = byId.get(shiftId);
    return shift
      ? [shift.title, shiftTime(shift.startsAt, shift.endsAt), shift.location].filter(Boolean).join(' · ')
      : `#${shiftId}`;
  };
  if (result.isPending)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label={t('result.loading')} />
      </Box>
    );
  if (result.isError) return <LoadError error={result.error} onRetry={() => void result.refetch()} />;
  const { assigned, unmet, position, seed } = result.data;
  return (
    <Stack spacing={2} component="section" aria-labelledby="my-result-title" data-testid="my-result">
      <Typography variant="h5" component="h2" id="my-result-title">
        {t('result.title')}
      </Typography>
      {assigned.length === 0 ? (
        <Alert severity="info">{t('result.nothing')}</Alert>
      ) : (
        <>
          <Typography>{t('result.got', { count: assigned.length })}</Typography>
          <Stack component="ul" spacing={0.5} sx={{ pl: 3, m: 0 }} data-testid="result-assigned">
            {assigned.map((shiftId) => (
              <Typography component="li" key={shiftId} dir="auto">
                {describe(shiftId)}
              </Typography>
            ))}
          </Stack>
        </>
      )}
      {unmet.length > 0 ? (
        <>
          <Typography variant="h6" component="h3">
            {t('result.unmetTitle')}
          </Typography>
          <Stack component="ul" spacing={0.5} sx={{ pl: 3, m: 0 }} data-testid="result-unmet">
            {unmet.map((wish) => (
              <Typography component="li" key={wish.shiftId} dir="auto">
                {describe(wish.shiftId)}: {t(`reasons.${wish.reason}`)}
              </Typography>
            ))}
          </Stack>
        </>
      ) : null}
      <Typography variant="body2" color="text.secondary" data-testid="result-draw">
        {position === null ? t('result.seed', { seed }) : t('result.position', { position, seed })}
      </Typography>
    </Stack>
  );
}
