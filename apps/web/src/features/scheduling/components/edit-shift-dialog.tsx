import {
  type Group,
  instantOfZonedInput,
  type Shift,
  type UpdateShiftInput,
  updateShiftSchema,
  zonedInputValue,
} from '@funkis/shared';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTimeField } from '../../../components/forms/date-field';
import { FormDialog } from '../../../components/forms/form-dialog';
import { useAnnouncedErrors } from '../../../components/forms/use-announced-errors';
import { useUpdateShift } from '../api/update-shift';
import { useEventZone } from './event-zone';
import { viewerTimeZone } from './format';
import { ShiftFields, type ShiftFieldValues } from './shift-fields';
import { ZoneNote } from './zone-note';

interface Draft extends ShiftFieldValues {
  /** `YYYY-MM-DDTHH:mm` in the event's zone. */
  start: string;
  end: string;
}

const INPUT_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/;

const draftOf = (shift: Shift, zone: string): Draft => ({
  title: shift.title,
  description: shift.description,
  location: shift.location,
  start: zonedInputValue(shift.startsAt, zone),
  end: zonedInputValue(shift.endsAt, zone),
  capacity: String(shift.capacity),
  groupId: shift.group?.id ?? '',
});

/**
 * The changes a draft makes to the shift: only the fields that differ (a new start or end sends both, so the server
 * checks the new span as one). `null` for a time that is not a full date and time.
 */
export function changesOf(shift: Shift, draft: Draft, zone: string): UpdateShiftInput | null {
  if (!INPUT_TIME.test(draft.start) || !INPUT_TIME.test(draft.end)) return null;
  const original = draftOf(shift, zone);
  const changes: UpdateShiftInput = {};
  if (draft.title !== original.title) changes.title = draft.title;
  if (draft.description !== original.description) changes.description = draft.description;
  if (draft.location !== original.location) changes.location = draft.location;
  if (draft.start !== original.start || draft.end !== original.end) {
    // Both, so the server checks the new span as one (and the end-after-start rule sees both).
    changes.startsAt = instantOfZonedInput(draft.start, zone).toISOString();
    changes.endsAt = instantOfZonedInput(draft.end, zone).toISOString();
  }
  if (draft.capacity !== original.capacity) changes.capacity = Number(draft.capacity);
  if (draft.groupId !== original.groupId) changes.groupId = draft.groupId === '' ? null : draft.groupId;
  return changes;
}

export interface EditShiftDialogProps {
  eventId: number;
  shift: Shift;
  groups: Group[];
  /** Leaders keep their shifts in their own group. */
  fixedGroupId: number | null;
  onClose(): void;
  onDone(message: string): void;
}

/**
 * Change one shift: the create dialog's fields for a single shift, times in the event's zone. When people
 * are assigned and the time or place changes, the dialog says who will be told by e-mail before saving.
 */
export function EditShiftDialog({ eventId, shift, groups, fixedGroupId, onClose, onDone }: EditShiftDialogProps) {
  const { t } = useTranslation('scheduling');
  const zone = useEventZone() ?? viewerTimeZone();
  const [draft, setDraft] = useState<Draft>(() => draftOf(shift, zone));
  const { errors, setErrors, attempt, announcer } = useAnnouncedErrors();
  const mutation = useUpdateShift(eventId);
  const changes = changesOf(shift, draft, zone);
  const told =
    changes !== null &&
    shift.assignments.length > 0 &&
    (changes.startsAt !== undefined || changes.location !== undefined);
  const names = shift.assignments.map((item) => `${item.firstname} ${item.lastname}`).join(', ');

  const submit = async () => {
    if (changes === null) return setErrors([t('edit.timeRequired')]);
    const parsed = updateShiftSchema.safeParse(changes);
    if (!parsed.success) return setErrors(parsed.error.issues.map((issue) => issue.message));
    if (Object.keys(changes).length === 0) return onClose();
    await attempt(async () => {
      await mutation.mutateAsync({ shiftId: shift.id, changes: parsed.data });
      onDone(t('notices.updated'));
      onClose();
    });
  };

  return (
    <FormDialog
      open
      onClose={onClose}
      title={t('edit.title', { title: shift.title })}
      errors={errors}
      submitLabel={t('edit.submit')}
      pending={mutation.isPending}
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
          <DateTimeField
            label={t('edit.start', { zone })}
            value={draft.start}
            onChange={(start) => setDraft((current) => ({ ...current, start }))}
            required
            fullWidth
          />
          <DateTimeField
            label={t('edit.end', { zone })}
            value={draft.end}
            onChange={(end) => setDraft((current) => ({ ...current, end }))}
            required
            fullWidth
          />
        </Stack>
      </ShiftFields>
      <ZoneNote />
      {told ? (
        <Alert severity="warning" data-testid="edit-told">
          {t('edit.told', { names })}
        </Alert>
      ) : null}
    </FormDialog>
  );
}
