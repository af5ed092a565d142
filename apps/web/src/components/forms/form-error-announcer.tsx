import Box from '@mui/material/Box';
import { useEffect, useState } from 'react';
import { type Control, type FieldErrors, type FieldValues, useFormState } from 'react-hook-form';
import { useTranslation } from 'react-i18next';

const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  p: 0,
  m: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

interface ErrorAnnouncerProps {
  /** Fields with an error after the latest submit. */
  count: number;
  /** Grows with every submit: each failed submit is announced again, even with the same count. */
  attempt: number;
}

/**
 * A visually hidden assertive live region, there before it speaks (so every screen reader notices the change), that
 * tells, when a submit fails validation, how many fields need attention. The fields themselves carry aria-invalid and their message via aria-describedby, and
 * the first one receives focus.
 */
export function ErrorAnnouncer({ count, attempt }: ErrorAnnouncerProps) {
  const { t } = useTranslation();
  const text = attempt > 0 && count > 0 ? t('formErrors.summary', { count }) : '';
  return (
    <Box aria-live="assertive" aria-atomic="true" sx={visuallyHidden} data-testid="form-error-announcer">
      {/* A new node per attempt, so the same sentence is read again after another failed submit. */}
      {text ? <span key={attempt}>{text}</span> : null}
    </Box>
  );
}

function countErrors(errors: FieldErrors): number {
  let count = 0;
  for (const value of Object.values(errors)) {
    if (!value || typeof value !== 'object') continue;
    if ('message' in value || 'type' in value) count += 1;
    else count += countErrors(value as FieldErrors);
  }
  return count;
}

/** The announcer for a react-hook-form form: put `<FormErrorAnnouncer control={control} />` inside the form. */
export function FormErrorAnnouncer<TValues extends FieldValues>({ control }: { control: Control<TValues> }) {
  const { errors, submitCount, isSubmitting } = useFormState({ control });
  const [announced, setAnnounced] = useState({ count: 0, attempt: 0 });
  // Counted once per finished submit (RHF sets the errors and the new submit count together), not while the user
  // corrects the fields afterwards.
  useEffect(() => {
    if (isSubmitting || submitCount === announced.attempt) return;
    setAnnounced({ count: countErrors(errors), attempt: submitCount });
  }, [errors, submitCount, isSubmitting, announced.attempt]);
  return <ErrorAnnouncer count={announced.count} attempt={announced.attempt} />;
}
