import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { useTranslateMessage } from '../../hooks/use-translate-message';

type FormTextFieldProps<TValues extends FieldValues> = Omit<TextFieldProps, 'name' | 'value' | 'error'> & {
  control: Control<TValues>;
  name: FieldPath<TValues>;
};

/**
 * A MUI text field bound to react-hook-form. The forms validate in `onTouched` mode, so a field's error
 * (a shared message key, translated here) shows only once the field has been left or the form submitted.
 */
export function FormTextField<TValues extends FieldValues>({
  control,
  name,
  helperText,
  onBlur,
  ...props
}: FormTextFieldProps<TValues>) {
  const { field, fieldState } = useController({ control, name });
  const translateMessage = useTranslateMessage();
  const errorText = fieldState.error?.message ? translateMessage(fieldState.error.message) : undefined;
  return (
    <TextField
      {...props}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={(event) => {
        field.onBlur();
        onBlur?.(event);
      }}
      inputRef={field.ref}
      error={Boolean(errorText)}
      helperText={errorText ?? helperText}
      fullWidth
    />
  );
}
