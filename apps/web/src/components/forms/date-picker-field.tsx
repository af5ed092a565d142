import type { Language } from '@funkis/shared';
import Box from '@mui/material/Box';
import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { DateTimePicker } from '@mui/x-date-pickers/DateTimePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DateFieldProps, DateTimeFieldProps } from './date-field-props';

type PickerTexts = Record<string, unknown>;
type PickerLocaleModule = {
  default: { components: { MuiLocalizationProvider: { defaultProps: { localeText: PickerTexts } } } };
  dayjsLocale: string;
};

/** Each language's pickers' texts and calendar: a chunk of its own; English is built in and fetches nothing. */
const LOCALES: Partial<Record<Language, () => Promise<PickerLocaleModule>>> = {
  sv: () => import('./picker-locales/sv'),
  no: () => import('./picker-locales/no'),
  da: () => import('./picker-locales/da'),
  de: () => import('./picker-locales/de'),
  fr: () => import('./picker-locales/fr'),
  es: () => import('./picker-locales/es'),
  zh: () => import('./picker-locales/zh'),
};

interface PickerLocale {
  language: string;
  adapterLocale: string;
  localeText?: PickerTexts;
}

function usePickerLocale(language: string): PickerLocale | null {
  const [locale, setLocale] = useState<PickerLocale | null>(null);
  useEffect(() => {
    const load = LOCALES[language as Language];
    if (!load) {
      setLocale({ language, adapterLocale: 'en' });
      return;
    }
    let isCurrent = true;
    load().then(
      (module) => {
        if (!isCurrent) return;
        setLocale({
          language,
          adapterLocale: module.dayjsLocale,
          localeText: module.default.components.MuiLocalizationProvider.defaultProps.localeText,
        });
      },
      // Without its pack a language still gets a working (English) picker.
      () => isCurrent && setLocale({ language, adapterLocale: 'en' }),
    );
    return () => {
      isCurrent = false;
    };
  }, [language]);
  return locale?.language === language ? locale : null;
}

/** The pickers' provider in the app's language; the placeholder while that language's pack loads. */
function InLanguage({ fallback, children }: { fallback: React.ReactNode; children: React.ReactNode }) {
  const { i18n } = useTranslation();
  const locale = usePickerLocale(i18n.language);
  if (!locale) return <>{fallback}</>;
  return (
    <LocalizationProvider
      dateAdapter={AdapterDayjs}
      adapterLocale={locale.adapterLocale}
      localeText={locale.localeText}
    >
      {children}
    </LocalizationProvider>
  );
}

/** What both pickers hand their text field, and their answer as the text the caller holds ('' when empty). */
function fieldProps(props: DateTimeFieldProps, format: string) {
  return {
    label: props.label,
    value: props.value ? dayjs(props.value, format) : null,
    disabled: props.disabled,
    // A plain text input in the language's format (typed or picked): the apply form focuses `input`s, and a screen
    // reader reads one field.
    enableAccessibleFieldDOMStructure: false as const,
    onChange: (value: Dayjs | null) => {
      if (value === null) props.onChange('');
      else if (value.isValid()) props.onChange(value.format(format));
    },
    textField: {
      size: props.size,
      name: props.name,
      required: props.required,
      error: props.error,
      helperText: props.helperText,
      fullWidth: props.fullWidth,
      onBlur: props.onBlur,
      inputProps: { 'data-testid': props.testId },
      sx: props.sx,
    },
  };
}

const ISO_DAY = 'YYYY-MM-DD';
const LOCAL_MINUTE = 'YYYY-MM-DDTHH:mm';

/**
 * A whole ISO value put into the field at once (pasted, or filled in by a program) is taken as it is, whatever the
 * language's format: `2026-07-01` in an English `MM/DD/YYYY` field is the 1st of July, not nothing. Typing section by
 * section never puts a whole ISO value in the input (each key replaces the selected section), so it goes through the
 * picker as usual, in Swedish (`ÅÅÅÅ-MM-DD`) too. The handler listens in the
 * capture phase on a box around the field, laid out as the field itself is (an inline column, full width when the
 * field is), so it runs before the picker's own.
 */
function TakesIso(props: {
  pattern: RegExp;
  format: string;
  fullWidth?: boolean;
  onValue(value: string): void;
  children: React.ReactNode;
}) {
  return (
    <Box
      sx={{
        display: 'inline-flex',
        flexDirection: 'column',
        verticalAlign: 'top',
        minWidth: 0,
        width: props.fullWidth ? '100%' : undefined,
      }}
      onChangeCapture={(event: React.ChangeEvent<HTMLInputElement>) => {
        const input = event.target;
        // The field may keep the sections it did not replace ("2026-07-03/DD/YYYY" when a program replaced only
        // the selected month): the ISO value is taken from wherever it stands.
        const found = props.pattern.exec(input.value);
        if (!found) return;
        const value = dayjs(found[0].replace(' ', 'T'), props.format, true);
        if (!value.isValid()) return;
        event.stopPropagation();
        props.onValue(value.format(props.format));
      }}
    >
      {props.children}
    </Box>
  );
}

/**
 * MUI's date picker in the app's language (its format, month names, first day of the week and texts), holding an
 * ISO day `YYYY-MM-DD` ('' when empty) as the native date input did (decision 026).
 */
export default function DatePickerField(props: DateFieldProps & { fallback: React.ReactNode }) {
  const { textField, ...field } = fieldProps(props, ISO_DAY);
  return (
    <InLanguage fallback={props.fallback}>
      <TakesIso pattern={/\d{4}-\d{2}-\d{2}/} format={ISO_DAY} fullWidth={props.fullWidth} onValue={props.onChange}>
        <DatePicker
          {...field}
          minDate={props.min ? dayjs(props.min, ISO_DAY) : undefined}
          maxDate={props.max ? dayjs(props.max, ISO_DAY) : undefined}
          slotProps={{ field: { clearable: !props.required }, textField }}
        />
      </TakesIso>
    </InLanguage>
  );
}

/**
 * MUI's date and time picker in the app's language, holding a wall-clock time `YYYY-MM-DDTHH:mm` ('' when empty)
 * as the native datetime-local input did: the caller reads it in the event's time zone.
 */
export function DateTimePickerField(props: DateTimeFieldProps & { fallback: React.ReactNode }) {
  const { textField, ...field } = fieldProps(props, LOCAL_MINUTE);
  return (
    <InLanguage fallback={props.fallback}>
      <TakesIso
        pattern={/\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/}
        format={LOCAL_MINUTE}
        fullWidth={props.fullWidth}
        onValue={props.onChange}
      >
        <DateTimePicker {...field} slotProps={{ textField }} />
      </TakesIso>
    </InLanguage>
  );
}
