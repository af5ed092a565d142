import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

/** The props of `DateField` (date-field.tsx) and of the picker it loads (date-picker-field.tsx). */
export interface DateFieldProps {
  label: string;
  /** An ISO day, `YYYY-MM-DD`; '' when empty. */
  value: string;
  onChange(value: string): void;
  onBlur?(): void;
  /** The first and last days that may be picked (ISO days). */
  min?: string;
  max?: string;
  size?: 'small' | 'medium';
  name?: string;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  fullWidth?: boolean;
  testId?: string;
  sx?: SxProps<Theme>;
}

/** The props of `DateTimeField`: the value is a wall-clock time `YYYY-MM-DDTHH:mm` ('' when empty); no bounds. */
export type DateTimeFieldProps = Omit<DateFieldProps, 'min' | 'max'>;
