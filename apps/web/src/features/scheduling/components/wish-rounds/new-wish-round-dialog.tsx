import { instantOfZonedInput, type Shift, zonedInputValue } from '@funkis/shared';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGroups } from '../../../../api/get-groups';
import { DateTimeField } from '../../../../components/forms/date-field';
import { FormDialog } from '../../../../components/forms/form-dialog';
import { useAnnouncedErrors } from '../../../../components/forms/use-announced-errors';
import { NO_SHIFT_FILTERS, useShifts } from '../../api/get-shifts';
import { useCreateWishRound } from '../../api/wish-rounds';
import { useShiftTime } from '../event-zone';

export interface NewWishRoundDialogProps {
  eventId: number;
  timeZone: string;
  /** A leader's own group: their rounds are for it only. `null` for admins, who choose. */
  fixedGroupId: number | null;
  onClose(): void;
  onCreated(roundId: number): void;
}

/** Shifts that have not started, of the chosen group (or all), first first. */
function selectable(shifts: Shift[], groupId: '' | number, now: number): Shift[] {
  return shifts
    .filter((shift) => Date.parse(shift.startsAt) > now && (groupId === '' || shift.group?.id === groupId))
    .sort((left, right) => left.startsAt.localeCompare(right.startsAt));
}

/**
 * Opens a wish round: for a group or the whole event, the shifts in it, when wishes close, how many shifts each
 * volunteer does (minimum and maximum), and the allocation's options.
 */
export function NewWishRoundDialog({ eventId, timeZone, fixedGroupId, onClose, onCreated }: NewWishRoundDialogProps) {
  const { t } = useTranslation('wish-rounds');
  const fullScreen = useMediaQuery('(max-width:599.95px)');
  const shiftTime = useShiftTime();
  const groups = useGroups(eventId).data?.groups ?? [];
  const shifts = useShifts(eventId, NO_SHIFT_FILTERS);
  const [title, setTitle] = useState('');
  const [groupId, setGroupId] = useState<'' | number>(fixedGroupId ?? '');
  const [closesAt, setClosesAt] = useState(() =>
    zonedInputValue(new Date(Date.now() + 7 * 86_400_000).toISOString(), timeZone),
  );
  const [minShifts, setMinShifts] = useState('1');
  const [maxShifts, setMaxShifts] = useState('3');
  const [experienced, setExperienced] = useState(false);
  const [friends, setFriends] = useState(true);
  const [fillToMinimum, setFillToMinimum] = useState(false);
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const { errors, setErrors, attempt, announcer } = useAnnouncedErrors();
  const create = useCreateWishRound(eventId);
  const [now] = useState(() => Date.now());
  const shownShifts = selectable(shifts.data?.shifts ?? [], groupId, now);
  const allChosen = shownShifts.length > 0 && shownShifts.every((shift) => chosen.has(shift.id));

  const toggle = (shiftId: number) =>
    setChosen((current) => {
      const next = new Set(current);
      if (next.has(shiftId)) next.delete(shiftId);
      else next.add(shiftId);
      return next;
    });

  const submit = async () => {
    const shiftIds = shownShifts.filter((shift) => chosen.has(shift.id)).map((shift) => shift.id);
    const local = [];
    if (shiftIds.length === 0) local.push(t('create.noShifts'));
    if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(closesAt)) local.push(t('create.closesRequired'));
    if (!/^\d+$/.test(minShifts) || !/^\d+$/.test(maxShifts)) local.push(t('create.countsRequired'));
    else if (Number(minShifts) > Number(maxShifts)) local.push(t('create.minAboveMax'));
    if (local.length > 0) return setErrors(local);
    await attempt(async () => {
      const { round } = await create.mutateAsync({
        title: title.trim() || undefined,
        groupId: groupId === '' ? null : groupId,
        shiftIds,
        closesAt: instantOfZonedInput(closesAt, timeZone).toISOString(),
        minShifts: Number(minShifts),
        maxShifts: Number(maxShifts),
        options: { experienced, friends, fillToMinimum },
      });
      onCreated(round.id);
    });
  };

  return (
    <FormDialog
      open
      onClose={onClose}
      fullScreen={fullScreen}
      title={t('create.title')}
      errors={errors}
      submitLabel={t('create.submit')}
      pending={create.isPending}
      announcer={announcer}
      onSubmit={submit}
    >
      <TextField label={t('create.name')} value={title} onChange={(event) => setTitle(event.target.value)} />
      <TextField
        select
        label={t('create.group')}
        value={groupId}
        onChange={(event) => {
          setGroupId(event.target.value === '' ? '' : Number(event.target.value));
          setChosen(new Set());
        }}
        disabled={fixedGroupId !== null}
      >
        <MenuItem value="">{t('create.wholeEvent')}</MenuItem>
        {groups.map((group) => (
          <MenuItem key={group.id} value={group.id}>
            {group.name}
          </MenuItem>
        ))}
      </TextField>
      <DateTimeField
        label={t('create.closesAt', { zone: timeZone })}
        value={closesAt}
        onChange={setClosesAt}
        required
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label={t('create.minShifts')}
          type="number"
          value={minShifts}
          onChange={(event) => setMinShifts(event.target.value)}
          slotProps={{ htmlInput: { min: 0, max: 20 } }}
          required
          fullWidth
        />
        <TextField
          label={t('create.maxShifts')}
          type="number"
          value={maxShifts}
          onChange={(event) => setMaxShifts(event.target.value)}
          slotProps={{ htmlInput: { min: 1, max: 20 } }}
          required
          fullWidth
        />
      </Stack>
      <FormGroup>
        <FormControlLabel
          control={<Checkbox checked={experienced} onChange={(event) => setExperienced(event.target.checked)} />}
          label={t('options.experienced')}
        />
        <FormControlLabel
          control={<Checkbox checked={friends} onChange={(event) => setFriends(event.target.checked)} />}
          label={t('options.friends')}
        />
        <FormControlLabel
          control={<Checkbox checked={fillToMinimum} onChange={(event) => setFillToMinimum(event.target.checked)} />}
          label={t('options.fillToMinimum')}
        />
      </FormGroup>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
        <Typography variant="subtitle1" component="legend">
          {t('create.shifts', { count: chosen.size })}
        </Typography>
        {shifts.isPending ? (
          <Typography color="text.secondary">{t('create.loadingShifts')}</Typography>
        ) : shownShifts.length === 0 ? (
          <Typography color="text.secondary" data-testid="wish-round-no-shifts">
            {t('create.noShiftsToChoose')}
          </Typography>
        ) : (
          <FormGroup data-testid="wish-round-shift-choice">
            <FormControlLabel
              control={
                <Checkbox
                  checked={allChosen}
                  indeterminate={!allChosen && chosen.size > 0}
                  onChange={(event) =>
                    setChosen(event.target.checked ? new Set(shownShifts.map((shift) => shift.id)) : new Set())
                  }
                />
              }
              label={t('create.allShifts')}
            />
            {shownShifts.map((shift) => (
              <FormControlLabel
                key={shift.id}
                control={<Checkbox checked={chosen.has(shift.id)} onChange={() => toggle(shift.id)} />}
                label={`${shift.title} · ${shiftTime(shift.startsAt, shift.endsAt)}${
                  shift.location ? ` · ${shift.location}` : ''
                }`}
              />
            ))}
          </FormGroup>
        )}
      </Box>
    </FormDialog>
  );
}
