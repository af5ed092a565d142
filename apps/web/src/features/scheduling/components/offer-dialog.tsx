import { instantOfZonedInput, type Shift } from '@funkis/shared';
import DialogContentText from '@mui/material/DialogContentText';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '../../../components/forms/date-field';
import { FormDialog } from '../../../components/forms/form-dialog';
import { useAnnouncedErrors } from '../../../components/forms/use-announced-errors';
import { useOfferPlace } from '../api/offers';
import { useEventZone, useShiftTime } from './event-zone';
import { viewerTimeZone } from './format';

const INPUT_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

export interface OfferDialogProps {
  eventId: number;
  shift: Shift;
  onClose(): void;
  onDone(message: string): void;
}

/**
 * Offer one's place to the group (decision 033): an optional deadline in the event's zone, the shift's start when
 * left empty. The place stays the caller's until someone takes it.
 */
export function OfferDialog({ eventId, shift, onClose, onDone }: OfferDialogProps) {
  const { t } = useTranslation('scheduling');
  const zone = useEventZone() ?? viewerTimeZone();
  const shiftTime = useShiftTime();
  const offer = useOfferPlace(eventId);
  const [until, setUntil] = useState('');
  const { errors, setErrors, attempt, announcer } = useAnnouncedErrors();

  const submit = async () => {
    setErrors([]);
    if (until && !INPUT_TIME.test(until)) {
      setErrors(['error.offerUntilInvalid']);
      return;
    }
    await attempt(async () => {
      await offer.mutateAsync({
        shiftId: shift.id,
        until: until ? instantOfZonedInput(until, zone).toISOString() : undefined,
      });
      onDone(t('notices.offered'));
      onClose();
    });
  };

  return (
    <FormDialog
      open
      onClose={onClose}
      maxWidth="xs"
      title={t('offers.dialogTitle', { title: shift.title })}
      errors={errors}
      submitLabel={t('actions.offerPlace')}
      pending={offer.isPending}
      announcer={announcer}
      onSubmit={submit}
    >
      <DialogContentText>{t('offers.dialogHelp', { when: shiftTime(shift.startsAt, shift.endsAt) })}</DialogContentText>
      <DateTimeField
        label={t('offers.until', { zone })}
        value={until}
        onChange={setUntil}
        helperText={t('offers.untilHelp')}
        fullWidth
      />
    </FormDialog>
  );
}
