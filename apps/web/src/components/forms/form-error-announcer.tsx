import { useEffect, useState } from 'react';
import { type Control, type FieldErrors, type FieldValues, useFormState } from 'react-hook-form';
import { ErrorAnnouncer } from './error-announcer';

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
