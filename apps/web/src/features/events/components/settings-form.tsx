import {
  descriptionField,
  EVENT_STATUSES,
  type Event,
  type EventSettingsInput,
  eventDateField,
  eventNameField,
  type FormField,
  isOptionField,
  supportedTimeZones,
  timeZoneField,
  weekSeparationConfigSchema,
} from '@funkis/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { Controller, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Form } from '../../../components/forms/form';
import { FormDateField } from '../../../components/ui/form-date-field';
import { FormErrorList } from '../../../components/ui/form-error-list';
import { FormTextField } from '../../../components/ui/form-text-field';
import { errorMessagesOf } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/toast';
import { useUpdateSettings } from '../api/update-settings';

/** A date input gives '' when empty; the API takes null. */
const optionalDate = z.union([z.literal(''), eventDateField]);

/**
 * The form's own shape (all fields always present); it sends the shared settings contract. The week config is
 * checked only while week separation is on, with the shared schema, its failures as shared message keys.
 */
const settingsFormSchema = z
  .object({
    name: eventNameField,
    description: descriptionField,
    status: z.enum(EVENT_STATUSES),
    startsAt: optionalDate,
    endsAt: optionalDate,
    timeZone: timeZoneField,
    useWeekSeparation: z.boolean(),
    week: z.object({
      formFieldName: z.string(),
      filterLabel: z.string(),
      columnLabel: z.string(),
      options: z.array(z.object({ value: z.string(), label: z.string() })),
    }),
  })
  .superRefine((values, context) => {
    if (values.startsAt && values.endsAt && values.endsAt < values.startsAt) {
      context.addIssue({ code: 'custom', message: 'error.endsBeforeStarts', path: ['endsAt'] });
    }
    if (!values.useWeekSeparation) return;
    const result = weekSeparationConfigSchema.safeParse(values.week);
    if (result.success) {
      const seen = new Set<string>();
      values.week.options.forEach((option, index) => {
        if (seen.has(option.value.trim())) {
          context.addIssue({ code: 'custom', message: 'error.invalid', path: ['week', 'options', index, 'value'] });
        }
        seen.add(option.value.trim());
      });
      return;
    }
    for (const issue of result.error.issues) {
      const isEmpty = issue.code === 'too_small' && issue.path.length > 0 && issue.path.at(-1) !== 'options';
      context.addIssue({
        code: 'custom',
        message: isEmpty
          ? 'error.required'
          : issue.path.includes('options')
            ? 'error.weekConfigRequired'
            : 'error.invalid',
        path: ['week', ...issue.path.map((part) => (typeof part === 'symbol' ? String(part) : part))],
      });
    }
  });
type SettingsFormValues = z.infer<typeof settingsFormSchema>;

const toFormValues = (event: Event): SettingsFormValues => ({
  name: event.name,
  description: event.description,
  status: event.status,
  startsAt: event.startsAt ?? '',
  endsAt: event.endsAt ?? '',
  timeZone: event.timeZone,
  useWeekSeparation: event.useWeekSeparation,
  week: event.weekSeparationConfig
    ? {
        ...event.weekSeparationConfig,
        options: event.weekSeparationConfig.options.map((option) => ({ ...option })),
      }
    : { formFieldName: '', filterLabel: '', columnLabel: '', options: [{ value: '', label: '' }] },
});

const toSettings = (values: SettingsFormValues): EventSettingsInput => ({
  name: values.name,
  description: values.description,
  status: values.status,
  startsAt: values.startsAt || null,
  endsAt: values.endsAt || null,
  timeZone: values.timeZone,
  useWeekSeparation: values.useWeekSeparation,
  // Switched off, the config is kept as it was (so switching back on restores it).
  ...(values.useWeekSeparation ? { weekSeparationConfig: values.week } : {}),
});

/** Every zone the browser knows, with the event's own first in case the browser does not know it. */
const zoneOptions = (current: string) => {
  const zones = supportedTimeZones();
  return zones.includes(current) ? zones : [current, ...zones];
};

interface SettingsFormProps {
  event: Event;
  /** The form's fields; week separation reads one of its select, radio or checkboxes questions. */
  formFields: FormField[];
}

export function SettingsForm({ event, formFields }: SettingsFormProps) {
  const { t } = useTranslation('events');
  const { enqueueSnackbar } = useSnackbar();
  const updateMutation = useUpdateSettings();
  const form = useForm<SettingsFormValues>({
    resolver: zodResolver(settingsFormSchema),
    mode: 'onTouched',
    defaultValues: toFormValues(event),
  });
  const { control, reset } = form;
  const options = useFieldArray({ control, name: 'week.options' });
  const useWeekSeparation = useWatch({ control, name: 'useWeekSeparation' });
  const optionFields = formFields.filter((field) => isOptionField(field.type));

  return (
    <Card variant="outlined">
      <CardHeader title={t('settings.title')} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent>
        <Form
          form={form}
          onSubmit={(values) =>
            updateMutation.mutate(
              { eventId: event.id, settings: toSettings(values) },
              {
                onSuccess: ({ event: saved }) => {
                  reset(toFormValues(saved));
                  enqueueSnackbar(t('settings.saved'), { variant: 'success' });
                },
              },
            )
          }
          aria-label={t('settings.title')}
        >
          <Stack spacing={2}>
            <FormTextField control={control} name="name" label={t('settings.name')} required />
            <FormTextField
              control={control}
              name="description"
              label={t('settings.description')}
              multiline
              minRows={3}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <FormDateField control={control} name="startsAt" label={t('settings.startsAt')} />
              <FormDateField control={control} name="endsAt" label={t('settings.endsAt')} />
              <FormTextField control={control} name="status" select label={t('settings.status')}>
                {EVENT_STATUSES.map((status) => (
                  <MenuItem key={status} value={status}>
                    {t(`status.${status}`)}
                  </MenuItem>
                ))}
              </FormTextField>
            </Stack>

            <FormTextField
              control={control}
              name="timeZone"
              select
              label={t('settings.timeZone')}
              helperText={t('settings.timeZoneHelp')}
              slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
            >
              {zoneOptions(event.timeZone).map((zone) => (
                <option key={zone} value={zone}>
                  {zone.replace(/_/g, ' ')}
                </option>
              ))}
            </FormTextField>

            <Typography variant="subtitle1" component="h3" sx={{ pt: 1 }}>
              {t('settings.weekSeparation')}
            </Typography>
            <Controller
              control={control}
              name="useWeekSeparation"
              render={({ field }) => (
                <FormControlLabel
                  control={
                    <Switch
                      checked={field.value}
                      onChange={(changeEvent) => field.onChange(changeEvent.target.checked)}
                      onBlur={field.onBlur}
                      inputRef={field.ref}
                    />
                  }
                  label={t('settings.useWeekSeparation')}
                />
              )}
            />
            {useWeekSeparation ? (
              <Stack spacing={2} data-testid="week-separation-settings">
                <FormTextField
                  control={control}
                  name="week.formFieldName"
                  select
                  label={t('settings.formField')}
                  helperText={optionFields.length === 0 ? t('settings.noOptionFields') : undefined}
                >
                  {optionFields.map((field) => (
                    <MenuItem key={field.name} value={field.name}>
                      {field.label || field.name}
                    </MenuItem>
                  ))}
                </FormTextField>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                  <FormTextField control={control} name="week.filterLabel" label={t('settings.filterLabel')} />
                  <FormTextField control={control} name="week.columnLabel" label={t('settings.columnLabel')} />
                </Stack>
                <Typography variant="subtitle2" component="h4">
                  {t('settings.options')}
                </Typography>
                {options.fields.map((option, index) => (
                  <Stack key={option.id} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ flexGrow: 1, minWidth: 0 }}>
                      <FormTextField
                        control={control}
                        name={`week.options.${index}.value`}
                        label={`${t('settings.optionValue')} ${index + 1}`}
                        size="small"
                      />
                      <FormTextField
                        control={control}
                        name={`week.options.${index}.label`}
                        label={`${t('settings.optionLabel')} ${index + 1}`}
                        size="small"
                      />
                    </Stack>
                    <IconButton
                      aria-label={t('settings.removeOption', { number: index + 1 })}
                      onClick={() => options.remove(index)}
                      disabled={options.fields.length <= 1}
                    >
                      <DeleteOutlined />
                    </IconButton>
                  </Stack>
                ))}
                <Box>
                  <Button
                    startIcon={<AddOutlined />}
                    onClick={() => options.append({ value: '', label: '' })}
                    disabled={options.fields.length >= 20}
                  >
                    {t('settings.addOption')}
                  </Button>
                </Box>
              </Stack>
            ) : null}
          </Stack>
          <FormErrorList messages={updateMutation.isError ? errorMessagesOf(updateMutation.error) : []} />
          <Box sx={{ mt: 2 }}>
            <Button type="submit" variant="contained" loading={updateMutation.isPending}>
              {t('settings.submit')}
            </Button>
          </Box>
        </Form>
      </CardContent>
    </Card>
  );
}
