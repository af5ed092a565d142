import TextField from '@mui/material/TextField';
import { lazy, Suspense } from 'react';
import type { DateFieldProps } from './date-field-props';

export type { DateFieldProps } from './date-field-props';

// The picker (MUI X date pickers, dayjs, the language's pack) is a chunk of its own, fetched where a date is asked
// for: no screen loads it up front (scripts/check-budgets.mjs).
const DatePickerField = lazy(() => import('./date-picker-field'));

/**
 * A date in the app's language and format (a native date input shows the browser's, "mm/dd/yyyy" on an English
 * system whatever the app's language). While the picker's chunk loads, a disabled field of the same size holds its
 * place.
 */
export function DateField(props: DateFieldProps) {
  const fallback = (
    <TextField
      label={props.label}
      value=""
      size={props.size}
      disabled
      fullWidth={props.fullWidth}
      helperText={props.helperText}
      sx={props.sx}
      slotProps={{ inputLabel: { shrink: true } }}
    />
  );
  return (
    <Suspense fallback={fallback}>
      <DatePickerField {...props} fallback={fallback} />
    </Suspense>
  );
}
