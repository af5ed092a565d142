import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import { type ChangeEvent, type ReactNode, type Ref, useId } from 'react';

interface LightTextFieldProps {
  name: string;
  label: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  error?: boolean;
  helperText?: ReactNode;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  fullWidth?: boolean;
}

/**
 * MUI's outlined text field put together from its parts, as TextField does, for the pages that must load light
 * (the login page): TextField always brings its `select` variant — Select, Menu, Popover, Modal — about 11 KB
 * gzipped that a plain input never uses (decision 017). Same look, label, error state (aria-invalid) and
 * helper text linked by aria-describedby.
 */
export function LightTextField({
  name,
  label,
  value,
  onChange,
  onBlur,
  inputRef,
  error = false,
  helperText,
  type = 'text',
  autoComplete,
  fullWidth = false,
}: LightTextFieldProps) {
  const id = useId();
  const labelId = `${id}-label`;
  const helperTextId = `${id}-helper-text`;
  return (
    <FormControl variant="outlined" error={error} fullWidth={fullWidth}>
      <InputLabel htmlFor={id} id={labelId}>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        name={name}
        label={label}
        type={type}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        inputRef={inputRef}
        autoComplete={autoComplete}
        aria-describedby={helperText ? helperTextId : undefined}
      />
      {helperText ? <FormHelperText id={helperTextId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
