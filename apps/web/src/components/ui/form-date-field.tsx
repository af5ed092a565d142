import { type Control, type FieldPath, type FieldValues, useController } from 'react-hook-form';
import { useTranslateMessage } from '../../hooks/use-translate-message';
import { DateField } from '../forms/date-field';

/** A date (an ISO day, '' when empty) bound to react-hook-form, in the app's language: `FormTextField` for days. */
export function FormDateField<TValues extends FieldValues>({
  control,
  name,
  label,
}: {
  control: Control<TValues>;
  name: FieldPath<TValues>;
  label: string;
}) {
  const { field, fieldState } = useController({ control, name });
  const translateMessage = useTranslateMessage();
  const errorText = fieldState.error?.message ? translateMessage(fieldState.error.message) : undefined;
  return (
    <DateField
      label={label}
      name={field.name}
      value={field.value ?? ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={Boolean(errorText)}
      helperText={errorText}
      fullWidth
    />
  );
}
