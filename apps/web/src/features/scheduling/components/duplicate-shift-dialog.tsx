import { instantOfZonedInput, type Shift, zonedInputValue } from '@funkis/shared';
import DialogContentText from '@mui/material/DialogContentText';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '../../../components/forms/date-field';
import { FormDialog } from '../../../components/forms/form-dialog';
import { useAnnouncedErrors } from '../../../components/forms/use-announced-errors';
import { useDuplicateShift } from '../api/duplicate';
import { useEventZone, useShiftTime } from './event-zone';

export interface DuplicateShiftDialogProps {
  eventId: number;
  shift: Shift;
  onClose(): void;
  onDone(message: string): void;
}

/** Copy one shift to another start (same length, texts, group, places; nobody assigned), with a preview. */
export function DuplicateShiftDialog({ eventId, shift, onClose, onDone }: DuplicateShiftDialogProps) {
  const { t } = useTranslation('scheduling');
  const zone = useEventZone() ?? new Intl.DateTimeFormat().resolvedOptions().timeZone;
  const shiftTime = useShiftTime();
  const nextDay = new Date(Date.parse(shift.startsAt) + 86_400_000).toISOString();
  const [start, setStart] = useState(zonedInputValue(nextDay, zone));
  const { errors, setErrors, attempt, announcer } = useAnnouncedErrors();
  const mutation = useDuplicateShift(eventId);
  const length = Date.parse(shift.endsAt) - Date.parse(shift.startsAt);
  const startsAt = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(start) ? instantOfZonedInput(start, zone).toISOString() : '';
  const endsAt = startsAt ? new Date(Date.parse(startsAt) + length).toISOString() : '';

  const submit = async () => {
    if (!startsAt) return setErrors([t('duplicate.startRequired')]);
    await attempt(async () => {
      await mutation.mutateAsync({ shiftId: shift.id, startsAt });
      onDone(t('notices.duplicated'));
      onClose();
    });
  };

  return (
    <FormDialog
      open
      onClose={onClose}
      maxWidth="xs"
      title={t('duplicate.title', { title: shift.title })}
      errors={errors}
      submitLabel={t('duplicate.submit')}
      pending={mutation.isPending}
      announcer={announcer}
      onSubmit={submit}
    >
      <DialogContentText>{t('duplicate.help', { time: shiftTime(shift.startsAt, shift.endsAt) })}</DialogContentText>
      <DateTimeField label={t('duplicate.start', { zone })} value={start} onChange={setStart} required />
      <DialogContentText data-testid="duplicate-preview">
        {endsAt ? t('duplicate.preview', { time: shiftTime(startsAt, endsAt) }) : ''}
      </DialogContentText>
    </FormDialog>
  );
}
