import { WISH_ROUND_LIMITS, type WishRound, type WishRoundOptions } from '@funkis/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form } from '../../../../components/forms/form';
import { useAnnouncedErrors } from '../../../../components/forms/use-announced-errors';
import { FormErrorList } from '../../../../components/ui/form-error-list';
import { errorMessagesOf } from '../../../../lib/api-client';
import { useSnackbar } from '../../../../lib/toast';
import { useAllocateWishRound, usePublishWishRound } from '../../api/wish-rounds';
import { useShiftTime } from '../event-zone';

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5, flex: '1 1 140px' }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h6" component="p" data-testid={testId}>
        {value}
      </Typography>
    </Paper>
  );
}

/** The preview of the last allocation: its figures, the people below their minimum, and who is on each shift. */
function Preview({ round }: { round: WishRound }) {
  const { t, i18n } = useTranslation('wish-rounds');
  const shiftTime = useShiftTime();
  const preview = round.preview;
  if (!preview) return null;
  const { stats } = preview;
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 0 });
  const names = new Map(preview.people.map((person) => [person.eventUserId, `${person.firstname} ${person.lastname}`]));
  const byShift = new Map<number, string[]>();
  for (const assignment of preview.assignments) {
    const list = byShift.get(assignment.shiftId) ?? [];
    list.push(names.get(assignment.eventUserId) ?? `#${assignment.eventUserId}`);
    byShift.set(assignment.shiftId, list);
  }
  const below = stats.belowMinimum;
  return (
    <Stack spacing={2} component="section" aria-labelledby="preview-title" data-testid="allocation-preview">
      <Typography variant="h6" component="h3" id="preview-title">
        {t('preview.title')}
      </Typography>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Figure
          label={t('preview.firstWishes')}
          value={percent.format(stats.firstWishShare)}
          testId="first-wish-share"
        />
        <Figure
          label={t('preview.wishesMet')}
          value={t('preview.ofTotal', { met: stats.wishesMet, total: stats.wishes })}
          testId="wishes-met"
        />
        <Figure
          label={t('preview.placesFilled')}
          value={t('preview.ofTotal', { met: stats.placesFilled, total: stats.places })}
          testId="places-filled"
        />
        <Figure label={t('preview.emptyPlaces')} value={String(stats.emptyPlaces)} testId="empty-places" />
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t('preview.seedNote', { seed: stats.seed })}
        {round.options.experienced
          ? ` ${t('preview.withoutExperienced', { count: stats.shiftsWithoutExperienced })}`
          : ''}
        {round.options.friends && stats.friendPairs > 0
          ? ` ${t('preview.friends', { together: stats.friendsTogether, pairs: stats.friendPairs })}`
          : ''}
      </Typography>
      {below.length === 0 ? (
        <Alert severity="success">{t('preview.nobodyBelow')}</Alert>
      ) : (
        <Alert severity="warning" data-testid="below-minimum">
          {t('preview.below', { count: below.length })}{' '}
          {below
            .slice(0, 50)
            .map((person) =>
              t('preview.belowPerson', {
                name: names.get(person.eventUserId) ?? `#${person.eventUserId}`,
                got: person.got,
                minimum: person.minimum,
              }),
            )
            .join(', ')}
        </Alert>
      )}
      <Stack component="ul" spacing={1} sx={{ p: 0, m: 0, listStyle: 'none' }} data-testid="preview-shifts">
        {round.shifts.map((shift) => {
          const people = byShift.get(shift.id) ?? [];
          const free = Math.max(0, shift.capacity - shift.taken);
          return (
            <Paper key={shift.id} component="li" variant="outlined" sx={{ p: 1.5 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} dir="auto">
                {shift.title} · {t('preview.placed', { placed: people.length, free })}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {shiftTime(shift.startsAt, shift.endsAt)}
              </Typography>
              <Typography variant="body2" dir="auto" sx={{ overflowWrap: 'anywhere' }}>
                {people.length > 0 ? people.join(', ') : t('preview.nobody')}
              </Typography>
            </Paper>
          );
        })}
      </Stack>
    </Stack>
  );
}

/**
 * The organiser's side of a round: how many have made wishes, an allocation to preview (with the seed that breaks ties
 * and the options), run again as often as wanted, and publishing the last preview.
 */
export function AllocationPanel({ eventId, round }: { eventId: number; round: WishRound }) {
  const { t } = useTranslation('wish-rounds');
  const { enqueueSnackbar } = useSnackbar();
  const [seed, setSeed] = useState(String(round.preview?.stats.seed ?? round.seed));
  const [options, setOptions] = useState<WishRoundOptions>(round.options);
  const [confirming, setConfirming] = useState(false);
  const { errors, setErrors, announcer } = useAnnouncedErrors();
  const allocate = useAllocateWishRound(eventId, round.id);
  const publish = usePublishWishRound(eventId, round.id);
  const published = round.status === 'published';

  const run = async () => {
    if (!/^\d{1,10}$/.test(seed.trim()) || Number(seed) > WISH_ROUND_LIMITS.SEED_MAXIMUM)
      return setErrors([t('allocate.seedInvalid', { max: WISH_ROUND_LIMITS.SEED_MAXIMUM })]);
    setErrors([]);
    try {
      await allocate.mutateAsync({ seed: Number(seed), options });
    } catch (error) {
      setErrors(errorMessagesOf(error));
    }
  };
  const doPublish = async () => {
    setErrors([]);
    try {
      const answer = await publish.mutateAsync();
      setConfirming(false);
      const skipped = Array.isArray(answer.skipped) ? answer.skipped.length : 0;
      enqueueSnackbar(skipped > 0 ? t('publish.doneSkipped', { count: skipped }) : t('publish.done'), {
        variant: 'success',
      });
    } catch (error) {
      setConfirming(false);
      setErrors(errorMessagesOf(error));
    }
  };
  const option = (key: keyof WishRoundOptions) => (
    <FormControlLabel
      control={
        <Checkbox
          checked={options[key]}
          disabled={published}
          onChange={(event) => setOptions((current) => ({ ...current, [key]: event.target.checked }))}
        />
      }
      label={t(`options.${key}`)}
    />
  );

  return (
    <Form announcer={announcer} onSubmit={run}>
      <Stack spacing={2} component="section" aria-labelledby="allocation-title">
        <Typography variant="h5" component="h2" id="allocation-title">
          {t('allocate.title')}
        </Typography>
        <Typography data-testid="wish-count">{t('allocate.wishCount', { count: round.wishCount ?? 0 })}</Typography>
        <FormErrorList messages={errors} />
        {published ? (
          <Alert severity="success" data-testid="round-published">
            {t('publish.already')}
          </Alert>
        ) : (
          <>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
              <TextField
                label={t('allocate.seed')}
                value={seed}
                onChange={(event) => setSeed(event.target.value)}
                helperText={t('allocate.seedHelp')}
                slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                sx={{ maxWidth: 260 }}
              />
              <Button
                variant="outlined"
                onClick={() => setSeed(String(Math.floor(Math.random() * WISH_ROUND_LIMITS.SEED_MAXIMUM)))}
                sx={{ alignSelf: { sm: 'flex-start' }, mt: { sm: 1 } }}
              >
                {t('allocate.newSeed')}
              </Button>
            </Stack>
            <FormGroup>
              {option('experienced')}
              {option('friends')}
              {option('fillToMinimum')}
            </FormGroup>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <Button variant="contained" type="submit" loading={allocate.isPending}>
                {round.preview ? t('allocate.again') : t('allocate.run')}
              </Button>
              <Button
                variant="contained"
                color="success"
                disabled={!round.preview || allocate.isPending}
                onClick={() => setConfirming(true)}
              >
                {t('publish.button')}
              </Button>
            </Stack>
          </>
        )}
        <Box>
          {round.preview ? (
            <Preview round={round} />
          ) : published ? null : (
            <Typography color="text.secondary">{t('allocate.noPreview')}</Typography>
          )}
        </Box>
        {confirming ? (
          <Dialog open onClose={() => setConfirming(false)} aria-labelledby="publish-title">
            <DialogTitle id="publish-title">{t('publish.confirmTitle')}</DialogTitle>
            <DialogContent>
              <DialogContentText>
                {t('publish.confirmText', { count: round.preview?.assignments.length ?? 0 })}
              </DialogContentText>
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setConfirming(false)}>{t('actions.cancel')}</Button>
              <Button variant="contained" color="success" onClick={doPublish} loading={publish.isPending}>
                {t('publish.button')}
              </Button>
            </DialogActions>
          </Dialog>
        ) : null}
      </Stack>
    </Form>
  );
}
