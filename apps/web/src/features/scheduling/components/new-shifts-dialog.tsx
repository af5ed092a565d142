import { type CreateShiftInput, createShiftSchema, type Group, zonedToInstant } from '@funkis/shared';
import Alert from '@mui/material/Alert';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/forms/date-field';
import { FormDialog } from '../../../components/forms/form-dialog';
import { useAnnouncedErrors } from '../../../components/forms/use-announced-errors';
import { useEventZone, useShiftTime } from './event-zone';
import { ShiftFields, type ShiftFieldValues } from './shift-fields';
import { ZoneNote } from './zone-note';

const MAX_REPEATS = 100;

interface Draft extends ShiftFieldValues {
  date: string;
  repeatUntil: string;
  /** One or more "HH:MM-HH:MM" slots, comma separated. */
  slots: string;
}

/**
 * The shifts a draft makes: every day from `date` to `repeatUntil` (or just `date`), each slot that day. The
 * times are wall-clock times of `timeZone` (the event's; the viewer's when not given).
 */
export function expandDraft(draft: Draft, timeZone?: string): { shifts: CreateShiftInput[]; error: string | null } {
  if (!draft.date) return { shifts: [], error: 'form.dateRequired' };
  const slots = draft.slots
    .split(',')
    .map((slot) => slot.trim())
    .filter(Boolean)
    .map((slot) => /^(\d{1,2}):(\d{2})\s*[-–]\s*(\d{1,2}):(\d{2})$/.exec(slot));
  if (slots.length === 0 || slots.some((slot) => slot === null)) return { shifts: [], error: 'form.slotsInvalid' };
  const [year, month, day] = draft.date.split('-').map(Number);
  const last = draft.repeatUntil ? draft.repeatUntil.split('-').map(Number) : [year, month, day];
  const lastDay = new Date(last[0], last[1] - 1, last[2]);
  const shifts: CreateShiftInput[] = [];
  for (let current = new Date(year, month - 1, day); current <= lastDay; current.setDate(current.getDate() + 1)) {
    for (const slot of slots as RegExpExecArray[]) {
      const at = (hour: number, minute: number, dayOffset = 0) =>
        timeZone
          ? zonedToInstant(
              {
                year: current.getFullYear(),
                month: current.getMonth() + 1,
                day: current.getDate() + dayOffset,
                hour,
                minute,
              },
              timeZone,
            )
          : new Date(current.getFullYear(), current.getMonth(), current.getDate() + dayOffset, hour, minute);
      const start = at(+slot[1], +slot[2]);
      let end = at(+slot[3], +slot[4]);
      if (end <= start) end = at(+slot[3], +slot[4], 1);
      shifts.push({
        title: draft.title,
        description: draft.description,
        location: draft.location,
        startsAt: start.toISOString(),
        endsAt: end.toISOString(),
        capacity: Number(draft.capacity),
        groupId: draft.groupId === '' ? null : draft.groupId,
      });
      if (shifts.length > MAX_REPEATS) return { shifts: [], error: 'form.tooMany' };
    }
  }
  if (shifts.length === 0) return { shifts, error: 'form.untilBeforeDate' };
  return { shifts, error: null };
}

export interface NewShiftsDialogProps {
  open: boolean;
  groups: Group[];
  /** Leaders create only for their own group. */
  fixedGroupId: number | null;
  onClose(): void;
  onCreate(shifts: CreateShiftInput[]): Promise<void>;
}

/** One shift, or a repeating set (every day in a range × time slots), with a preview of what it will make. */
export function NewShiftsDialog({ open, groups, fixedGroupId, onClose, onCreate }: NewShiftsDialogProps) {
  const { t } = useTranslation('scheduling');
  const zone = useEventZone();
  const shiftTime = useShiftTime();
  const [draft, setDraft] = useState<Draft>({
    title: '',
    description: '',
    location: '',
    date: '',
    repeatUntil: '',
    slots: '08:00-12:00',
    capacity: '1',
    groupId: fixedGroupId ?? '',
  });
  const { errors, setErrors, attempt, announcer } = useAnnouncedErrors();
  const [saving, setSaving] = useState(false);
  const expanded = useMemo(() => expandDraft(draft, zone), [draft, zone]);
  const set = (field: keyof Draft) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setDraft((current) => ({ ...current, [field]: event.target.value }));

  const submit = async () => {
    if (expanded.error) return setErrors([t(expanded.error)]);
    const invalid = expanded.shifts
      .map((shift) => createShiftSchema.safeParse(shift))
      .find((result) => !result.success);
    if (invalid && !invalid.success) {
      return setErrors(invalid.error.issues.map((issue) => issue.message));
    }
    setSaving(true);
    const saved = await attempt(() => onCreate(expanded.shifts));
    setSaving(false);
    if (saved) onClose();
  };

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      title={t('form.title')}
      errors={errors}
      submitLabel={t('form.create', { count: expanded.shifts.length })}
      pending={saving}
      announcer={announcer}
      onSubmit={submit}
    >
      <ShiftFields
        values={draft}
        onChange={(patch) => setDraft((current) => ({ ...current, ...patch }))}
        groups={groups}
        fixedGroupId={fixedGroupId}
      >
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <DateField
            label={t('fields.date')}
            value={draft.date}
            onChange={(date) => setDraft((current) => ({ ...current, date }))}
            required
            fullWidth
          />
          <DateField
            label={t('fields.repeatUntil')}
            value={draft.repeatUntil}
            onChange={(repeatUntil) => setDraft((current) => ({ ...current, repeatUntil }))}
            min={draft.date || undefined}
            helperText={t('fields.repeatUntilHelp')}
            fullWidth
          />
        </Stack>
        <TextField
          label={t('fields.slots')}
          value={draft.slots}
          onChange={set('slots')}
          helperText={t('fields.slotsHelp')}
          required
        />
      </ShiftFields>
      <ZoneNote />
      <Typography variant="subtitle2" component="h3">
        {t('form.preview', { count: expanded.shifts.length })}
      </Typography>
      {expanded.error && draft.date ? <Alert severity="info">{t(expanded.error)}</Alert> : null}
      <List dense aria-label={t('form.previewLabel')}>
        {expanded.shifts.map((shift) => (
          <ListItem key={shift.startsAt} data-testid="shift-preview">
            {shiftTime(shift.startsAt, shift.endsAt)}
          </ListItem>
        ))}
      </List>
    </FormDialog>
  );
}
