import type { AnswerValue, FormField } from '@funkis/shared';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from './date-field';

export interface FormFieldInputProps {
  field: FormField;
  value: AnswerValue | undefined;
  onChange: (value: AnswerValue) => void;
  onBlur?: () => void;
  /** Already translated. */
  error?: string | null;
  disabled?: boolean;
}

const asText = (value: AnswerValue | undefined): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

const TEXT_INPUT_TYPES: Partial<Record<FormField['type'], { type: string; autoComplete?: string }>> = {
  text: { type: 'text' },
  email: { type: 'email', autoComplete: 'email' },
  phone: { type: 'tel', autoComplete: 'tel' },
  number: { type: 'text' },
};

/**
 * One field of an application form exactly as the applicant sees it: the apply page and the builder's live
 * preview both render this. Labels and help texts are plain text (never HTML).
 */
export function FormFieldInput({ field, value, onChange, onBlur, error, disabled }: FormFieldInputProps) {
  const { t } = useTranslation('forms');
  const id = useId();
  const helpId = `${id}-help`;
  const helperText = error || field.description || undefined;
  const hasError = !!error;
  const options = field.options ?? [];
  const textSx = { whiteSpace: 'pre-line' } as const;

  switch (field.type) {
    case 'heading':
      return (
        <div>
          <Typography variant="h6" component="h2">
            {field.label}
          </Typography>
          {field.description ? (
            <Typography color="text.secondary" sx={textSx}>
              {field.description}
            </Typography>
          ) : null}
        </div>
      );
    case 'paragraph':
      return (
        <div>
          {field.label ? (
            <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
              {field.label}
            </Typography>
          ) : null}
          {field.description ? <Typography sx={textSx}>{field.description}</Typography> : null}
        </div>
      );
    case 'textarea':
      return (
        <TextField
          id={id}
          label={field.label}
          required={field.required}
          multiline
          minRows={3}
          fullWidth
          value={asText(value)}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          error={hasError}
          helperText={helperText}
          disabled={disabled}
        />
      );
    case 'select':
      return (
        <TextField
          id={id}
          select
          label={field.label}
          required={field.required}
          fullWidth
          value={asText(value)}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          error={hasError}
          helperText={helperText}
          disabled={disabled}
        >
          <MenuItem value="">
            <em>{t('input.noChoice')}</em>
          </MenuItem>
          {options.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      );
    case 'radio':
      return (
        <FormControl component="fieldset" required={field.required} error={hasError} disabled={disabled}>
          <FormLabel component="legend">{field.label}</FormLabel>
          <RadioGroup
            name={`${id}-${field.name}`}
            value={asText(value)}
            onChange={(event) => onChange(event.target.value)}
            onBlur={onBlur}
            aria-describedby={helperText ? helpId : undefined}
            aria-invalid={hasError || undefined}
          >
            {options.map((option) => (
              <FormControlLabel key={option.value} value={option.value} control={<Radio />} label={option.label} />
            ))}
          </RadioGroup>
          {helperText ? <FormHelperText id={helpId}>{helperText}</FormHelperText> : null}
        </FormControl>
      );
    case 'checkbox':
      return (
        <FormControl required={field.required} error={hasError} disabled={disabled}>
          <FormControlLabel
            control={
              <Checkbox
                checked={value === true}
                onChange={(event) => onChange(event.target.checked)}
                onBlur={onBlur}
                slotProps={{
                  input: {
                    'aria-describedby': helperText ? helpId : undefined,
                    'aria-required': field.required || undefined,
                    'aria-invalid': hasError || undefined,
                  } as React.InputHTMLAttributes<HTMLInputElement>,
                }}
              />
            }
            label={field.required ? `${field.label} *` : field.label}
          />
          {helperText ? <FormHelperText id={helpId}>{helperText}</FormHelperText> : null}
        </FormControl>
      );
    case 'checkboxes': {
      const selected = Array.isArray(value) ? value : [];
      return (
        <FormControl component="fieldset" required={field.required} error={hasError} disabled={disabled}>
          <FormLabel component="legend">{field.label}</FormLabel>
          <FormGroup aria-describedby={helperText ? helpId : undefined}>
            {options.map((option) => (
              <FormControlLabel
                key={option.value}
                label={option.label}
                control={
                  <Checkbox
                    checked={selected.includes(option.value)}
                    onBlur={onBlur}
                    slotProps={{
                      input: { 'aria-invalid': hasError || undefined } as React.InputHTMLAttributes<HTMLInputElement>,
                    }}
                    onChange={(event) =>
                      onChange(
                        event.target.checked
                          ? [...selected, option.value]
                          : selected.filter((item) => item !== option.value),
                      )
                    }
                  />
                }
              />
            ))}
          </FormGroup>
          {helperText ? <FormHelperText id={helpId}>{helperText}</FormHelperText> : null}
        </FormControl>
      );
    }
    case 'date':
      // The app's language and format, not the browser's (a native date input): date-field.tsx.
      return (
        <DateField
          label={field.label}
          required={field.required}
          fullWidth
          value={asText(value)}
          onChange={onChange}
          onBlur={onBlur}
          error={hasError}
          helperText={helperText}
          disabled={disabled}
        />
      );
    default: {
      const input = TEXT_INPUT_TYPES[field.type] ?? { type: 'text' };
      return (
        <TextField
          id={id}
          label={field.label}
          required={field.required}
          type={input.type}
          autoComplete={input.autoComplete}
          fullWidth
          value={asText(value)}
          onChange={(event) => onChange(event.target.value)}
          onBlur={onBlur}
          error={hasError}
          helperText={helperText}
          disabled={disabled}
          slotProps={{
            htmlInput: field.type === 'number' ? { inputMode: 'decimal' } : undefined,
          }}
        />
      );
    }
  }
}
