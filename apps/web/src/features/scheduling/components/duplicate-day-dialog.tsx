import type { ShiftDraft } from '@funkis/shared';
import Alert from '@mui/material/Alert';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/forms/date-field';
import { FormDialog } from '../../../components/forms/form-dialog';
import { useAnnouncedErrors } from '../../../components/forms/use-announced-errors';
import { useDuplicateDay } from '../api/duplicate';
import { useEventZone, useShiftTime } from './event-zone';

export interface DuplicateDayDialogProps {
  eventId: number;
  /** The day to copy, when the organiser chose one in the filter. */
  initialFrom: string;
  onClose(): void;
  onDone(message: string): void;
}

/**
 * Copy every shift of a day (that the caller organises) to another day, at the same times in the event's zone,
 * without people. The server's preview lists the copies; nothing is made until confirmed.
 */
export function DuplicateDayDialog({ eventId, initialFrom, onClose, onDone }: DuplicateDayDialogProps) {
  const { t } = useTranslation('scheduling');
  const zone = useEventZone();
  const shiftTime = useShiftTime();
  const [from, setFrom] = useState(initialFrom);
  const [to, setTo] = useState('');
  const [preview, setPreview] = useState<ShiftDraft[] | null>(null);
  const { errors, setErrors, attempt, announcer } = useAnnouncedErrors();
  const mutation = useDuplicateDay(eventId);

  const change = (setter: (value: string) => void) => (value: string) => {
    setter(value);
    setPreview(null);
    setErrors([]);
  };

  const submit = async () => {
    setErrors([]);
    if (!from || !to) return setErrors([t('duplicateDay.daysRequired')]);
    await attempt(async () => {
      if (preview === null) {
        const result = await mutation.mutateAsync({ from, to, preview: true });
        setPreview(result.shifts);
        return;
      }
      const result = await mutation.mutateAsync({ from, to });
      onDone(t('notices.dayDuplicated', { count: result.shifts.length }));
      onClose();
    });
  };

  return (
    <FormDialog
      open
      onClose={onClose}
      title={t('duplicateDay.title')}
      description={t('duplicateDay.help', { zone: zone ?? '' })}
      errors={errors}
      submitLabel={
        preview === null ? t('duplicateDay.showPreview') : t('duplicateDay.submit', { count: preview.length })
      }
      pending={mutation.isPending}
      announcer={announcer}
      onSubmit={submit}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <DateField label={t('duplicateDay.from')} value={from} onChange={change(setFrom)} required fullWidth />
        <DateField label={t('duplicateDay.to')} value={to} onChange={change(setTo)} required fullWidth />
      </Stack>
      {preview ? (
        <>
          <Typography variant="subtitle2" component="h3">
            {t('duplicateDay.preview', { count: preview.length })}
          </Typography>
          <Alert severity="info">{t('duplicateDay.noPeople')}</Alert>
          <List dense aria-label={t('duplicateDay.previewLabel')}>
            {preview.map((draft) => (
              <ListItem key={draft.sourceId} data-testid="day-preview" disableGutters>
                <ListItemText
                  primary={draft.title}
                  secondary={[shiftTime(draft.startsAt, draft.endsAt), draft.location, draft.group?.name]
                    .filter(Boolean)
                    .join(' · ')}
                />
              </ListItem>
            ))}
          </List>
        </>
      ) : null}
    </FormDialog>
  );
}
