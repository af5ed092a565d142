import TextField from '@mui/material/TextField';
import { lazy, Suspense } from 'react';
import type { DateFieldProps, DateTimeFieldProps } from './date-field-props';

export type { DateFieldProps, DateTimeFieldProps } from './date-field-props';

// The picker (MUI X date pickers, dayjs, the language's pack) is a chunk of its own, fetched where a date is asked
// for: no screen loads it up front (scripts/check-budgets.mjs).
const DatePickerField = lazy(() => import('./date-picker-field'));
const DateTimePickerField = lazy(() =>
  import('./date-picker-field').then((module) => ({ default: module.DateTimePickerField })),
);

/** A disabled field of the picker's size that holds its place while the picker's chunk loads. */
function Placeholder(props: Pick<DateFieldProps, 'label' | 'size' | 'fullWidth' | 'helperText' | 'sx'>) {
  return (
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
}

/**
 * A date in the app's language and format (a native date input shows the browser's, "mm/dd/yyyy" on an English
 * system whatever the app's language). While the picker's chunk loads, a disabled field of the same size holds its
 * place.
 */
export function DateField(props: DateFieldProps) {
  const fallback = <Placeholder {...props} />;
  return (
    <Suspense fallback={fallback}>
      <DatePickerField {...props} fallback={fallback} />
    </Suspense>
  );
}

/** A date and a time of day in the app's language and format, as `DateField` is for a day. */
export function DateTimeField(props: DateTimeFieldProps) {
  const fallback = <Placeholder {...props} />;
  return (
    <Suspense fallback={fallback}>
      <DateTimePickerField {...props} fallback={fallback} />
    </Suspense>
  );
}
