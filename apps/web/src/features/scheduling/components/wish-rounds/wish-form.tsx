import { WISH_ROUND_LIMITS, type WishRound } from '@funkis/shared';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import Close from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
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
import { useSaveWishes } from '../../api/wish-rounds';
import { useShiftTime } from '../event-zone';

const RANKED_MAXIMUM = WISH_ROUND_LIMITS.RANKED_MAXIMUM;

type WishRoundShift = WishRound['shifts'][number];

function ShiftLine({ shift }: { shift: WishRoundShift }) {
  const { t } = useTranslation('wish-rounds');
  const shiftTime = useShiftTime();
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }} dir="auto">
        {shift.title}
      </Typography>
      <Typography variant="body2" color="text.secondary" dir="auto">
        {[shiftTime(shift.startsAt, shift.endsAt), shift.location, t('wishes.places', { count: shift.capacity })]
          .filter(Boolean)
          .join(' · ')}
      </Typography>
    </Box>
  );
}

/**
 * A volunteer's wishes in an open round: the shifts they want in their order (moved with buttons, so the keyboard
 * and a screen reader do it as well as a mouse), the ones they cannot do, how many shifts they will do, and a
 * friend's code to be placed together.
 */
export function WishForm({ eventId, round }: { eventId: number; round: WishRound }) {
  const { t } = useTranslation('wish-rounds');
  const { enqueueSnackbar } = useSnackbar();
  const mine = round.myWishes;
  const byId = new Map(round.shifts.map((shift) => [shift.id, shift]));
  const [ranked, setRanked] = useState<number[]>(() => (mine?.ranked ?? []).filter((id) => byId.has(id)));
  const [cannot, setCannot] = useState<Set<number>>(() => new Set(mine?.cannot ?? []));
  const [count, setCount] = useState(() =>
    String(
      mine?.count != null && mine.count >= round.minShifts && mine.count <= round.maxShifts
        ? mine.count
        : Math.max(round.minShifts, Math.min(1, round.maxShifts)),
    ),
  );
  const [friendCode, setFriendCode] = useState('');
  const { errors, setErrors, announcer } = useAnnouncedErrors();
  const save = useSaveWishes(eventId, round.id);

  const move = (index: number, by: -1 | 1) =>
    setRanked((current) => {
      const next = [...current];
      const [item] = next.splice(index, 1);
      next.splice(index + by, 0, item);
      return next;
    });
  const add = (shiftId: number) => {
    setRanked((current) => [...current, shiftId]);
    setCannot((current) => {
      const next = new Set(current);
      next.delete(shiftId);
      return next;
    });
  };
  const toggleCannot = (shiftId: number, checked: boolean) =>
    setCannot((current) => {
      const next = new Set(current);
      if (checked) next.add(shiftId);
      else next.delete(shiftId);
      return next;
    });

  const submit = async () => {
    setErrors([]);
    try {
      await save.mutateAsync({
        ranked,
        cannot: [...cannot].filter((id) => !ranked.includes(id)),
        count: Number(count),
        ...(friendCode.trim() ? { friendCode: friendCode.trim() } : {}),
      });
      setFriendCode('');
      enqueueSnackbar(t('wishes.saved'), { variant: 'success' });
    } catch (error) {
      setErrors(errorMessagesOf(error));
    }
  };

  const counts = [];
  for (let value = round.minShifts; value <= round.maxShifts; value += 1) counts.push(value);
  const unranked = round.shifts.filter((shift) => !ranked.includes(shift.id));

  return (
    <Form announcer={announcer} onSubmit={submit}>
      <Stack spacing={3} component="section" aria-labelledby="wish-form-title">
        <Typography variant="h5" component="h2" id="wish-form-title">
          {t('wishes.title')}
        </Typography>
        <FormErrorList messages={errors} />
        <Typography color="text.secondary">{t('wishes.help')}</Typography>
        <Box component="section" aria-labelledby="ranked-title">
          <Typography variant="h6" component="h3" id="ranked-title" sx={{ mb: 1 }}>
            {t('wishes.ranked')}
          </Typography>
          {ranked.length === 0 ? (
            <Alert severity="info" data-testid="ranked-empty">
              {t('wishes.rankedEmpty')}
            </Alert>
          ) : (
            <Stack component="ol" spacing={1} sx={{ p: 0, m: 0, listStyle: 'none' }} data-testid="ranked-list">
              {ranked.map((shiftId, index) => {
                const shift = byId.get(shiftId);
                if (!shift) return null;
                return (
                  <Paper
                    key={shiftId}
                    component="li"
                    variant="outlined"
                    sx={{ p: 1.5, display: 'flex', gap: 1, alignItems: 'center' }}
                  >
                    <Typography sx={{ fontWeight: 700, minWidth: 28 }} aria-hidden>
                      {index + 1}.
                    </Typography>
                    <Box sx={{ flex: 1, minWidth: 0 }}>
                      <ShiftLine shift={shift} />
                    </Box>
                    <IconButton
                      aria-label={t('wishes.up', { title: shift.title })}
                      disabled={index === 0}
                      onClick={() => move(index, -1)}
                    >
                      <ArrowUpward />
                    </IconButton>
                    <IconButton
                      aria-label={t('wishes.down', { title: shift.title })}
                      disabled={index === ranked.length - 1}
                      onClick={() => move(index, 1)}
                    >
                      <ArrowDownward />
                    </IconButton>
                    <IconButton
                      aria-label={t('wishes.remove', { title: shift.title })}
                      onClick={() => setRanked((current) => current.filter((id) => id !== shiftId))}
                    >
                      <Close />
                    </IconButton>
                  </Paper>
                );
              })}
            </Stack>
          )}
        </Box>
        <Box component="section" aria-labelledby="other-shifts-title">
          <Typography variant="h6" component="h3" id="other-shifts-title" sx={{ mb: 1 }}>
            {t('wishes.others')}
          </Typography>
          {unranked.length === 0 ? (
            <Typography color="text.secondary">{t('wishes.othersEmpty')}</Typography>
          ) : (
            <Stack component="ul" spacing={1} sx={{ p: 0, m: 0, listStyle: 'none' }} data-testid="other-shifts">
              {unranked.map((shift) => (
                <Paper
                  key={shift.id}
                  component="li"
                  variant="outlined"
                  sx={{
                    p: 1.5,
                    display: 'flex',
                    flexDirection: { xs: 'column', sm: 'row' },
                    gap: 1,
                    alignItems: { sm: 'center' },
                  }}
                >
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <ShiftLine shift={shift} />
                  </Box>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <FormControlLabel
                      control={
                        <Checkbox
                          checked={cannot.has(shift.id)}
                          onChange={(event) => toggleCannot(shift.id, event.target.checked)}
                          slotProps={{ input: { 'aria-label': t('wishes.cannotLabel', { title: shift.title }) } }}
                        />
                      }
                      label={t('wishes.cannot')}
                    />
                    <Button
                      variant="outlined"
                      size="small"
                      disabled={ranked.length >= RANKED_MAXIMUM}
                      onClick={() => add(shift.id)}
                      aria-label={t('wishes.addLabel', { title: shift.title })}
                    >
                      {t('wishes.add')}
                    </Button>
                  </Stack>
                </Paper>
              ))}
            </Stack>
          )}
        </Box>
        <TextField
          select
          label={t('wishes.count')}
          value={count}
          onChange={(event) => setCount(event.target.value)}
          helperText={t('wishes.countHelp', { min: round.minShifts, max: round.maxShifts })}
          sx={{ maxWidth: 320 }}
        >
          {counts.map((value) => (
            <MenuItem key={value} value={String(value)}>
              {value}
            </MenuItem>
          ))}
        </TextField>
        <Box component="section" aria-labelledby="friend-title">
          <Typography variant="h6" component="h3" id="friend-title" sx={{ mb: 1 }}>
            {t('friend.title')}
          </Typography>
          {mine ? (
            <Typography sx={{ mb: 1 }}>
              {t('friend.myCode')} <strong data-testid="my-friend-code">{mine.friendCode}</strong>
            </Typography>
          ) : (
            <Typography color="text.secondary" sx={{ mb: 1 }}>
              {t('friend.codeAfterSave')}
            </Typography>
          )}
          {mine?.friend ? (
            <Alert severity={mine.friend.mutual ? 'success' : 'info'} sx={{ mb: 1 }} data-testid="friend-state">
              {mine.friend.mutual
                ? t('friend.mutual', { name: `${mine.friend.firstname} ${mine.friend.lastname}` })
                : t('friend.waiting', { name: `${mine.friend.firstname} ${mine.friend.lastname}` })}
            </Alert>
          ) : null}
          <TextField
            label={t('friend.code')}
            value={friendCode}
            onChange={(event) => setFriendCode(event.target.value)}
            helperText={t('friend.help')}
            sx={{ maxWidth: 320 }}
            fullWidth
            slotProps={{ htmlInput: { maxLength: 12, autoCapitalize: 'characters', spellCheck: false } }}
          />
        </Box>
        <Box>
          <Button variant="contained" type="submit" loading={save.isPending}>
            {t('wishes.save')}
          </Button>
        </Box>
      </Stack>
    </Form>
  );
}
