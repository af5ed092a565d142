import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import {
  FORM_FIELD_TYPES,
  type FormField,
  type FormFieldType,
  isDisplayOnlyField,
  isOptionField,
} from '@funkis/shared';
import Add from '@mui/icons-material/Add';
import ArrowDownward from '@mui/icons-material/ArrowDownward';
import ArrowUpward from '@mui/icons-material/ArrowUpward';
import ContentCopy from '@mui/icons-material/ContentCopy';
import Delete from '@mui/icons-material/Delete';
import DragIndicator from '@mui/icons-material/DragIndicator';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface FieldEditorProps {
  field: FormField;
  index: number;
  count: number;
  /** Translated messages by property (`label`, `options`, `options.0.value`, …). */
  errors: Record<string, string>;
  onChange: (field: FormField) => void;
  onMove: (from: number, to: number) => void;
  onDuplicate: () => void;
  onDelete: () => void;
}

function ActionButton({
  label,
  onClick,
  disabled,
  children,
}: {
  label: string;
  onClick: () => void;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Tooltip title={label}>
      <span>
        <IconButton aria-label={label} onClick={onClick} disabled={disabled} size="small">
          {children}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** Changes the type and keeps what still applies: options for option fields, never `required` on headings. */
export function changeFieldType(field: FormField, type: FormFieldType): FormField {
  const { options, ...rest } = field;
  const changed: FormField = { ...rest, type, required: isDisplayOnlyField(type) ? false : field.required };
  if (isOptionField(type)) changed.options = options?.length ? options : [{ value: 'option-1', label: '' }];
  return changed;
}

/** One field of the builder: a sortable card (drag handle, keyboard moves) with its settings. */
export function FieldEditor({
  field,
  index,
  count,
  errors,
  onChange,
  onMove,
  onDuplicate,
  onDelete,
}: FieldEditorProps) {
  const { t } = useTranslation('forms');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: field.name,
  });
  const title = field.label.trim() || t(`types.${field.type}`);
  const options = field.options ?? [];
  const setOption = (optionIndex: number, change: Partial<{ value: string; label: string }>) =>
    onChange({
      ...field,
      options: options.map((option, at) => (at === optionIndex ? { ...option, ...change } : option)),
    });
  const moveOption = (from: number, to: number) => {
    const next = [...options];
    const [moved] = next.splice(from, 1);
    if (moved) next.splice(to, 0, moved);
    onChange({ ...field, options: next });
  };
  const addOption = () => {
    const used = new Set(options.map((option) => option.value));
    let n = options.length + 1;
    while (used.has(`option-${n}`)) n += 1;
    onChange({ ...field, options: [...options, { value: `option-${n}`, label: '' }] });
  };

  return (
    <Card
      ref={setNodeRef}
      component="li"
      variant="outlined"
      data-testid="field-editor"
      aria-label={t('builder.fieldPosition', { position: index + 1, count, label: title })}
      sx={{
        listStyle: 'none',
        transform: CSS.Transform.toString(transform),
        transition,
        opacity: isDragging ? 0.6 : 1,
        position: 'relative',
        zIndex: isDragging ? 1 : 'auto',
      }}
    >
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5, flexWrap: 'wrap', mb: 2 }}>
          <IconButton
            ref={setActivatorNodeRef}
            size="small"
            sx={{ cursor: 'grab', touchAction: 'none' }}
            {...attributes}
            {...listeners}
            aria-label={t('builder.dragHandle', { label: title })}
          >
            <DragIndicator />
          </IconButton>
          <Typography component="h3" variant="subtitle1" sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
            {title}
          </Typography>
          <ActionButton label={t('builder.moveUp')} onClick={() => onMove(index, index - 1)} disabled={index === 0}>
            <ArrowUpward fontSize="small" />
          </ActionButton>
          <ActionButton
            label={t('builder.moveDown')}
            onClick={() => onMove(index, index + 1)}
            disabled={index === count - 1}
          >
            <ArrowDownward fontSize="small" />
          </ActionButton>
          <ActionButton label={t('builder.duplicate')} onClick={onDuplicate}>
            <ContentCopy fontSize="small" />
          </ActionButton>
          <ActionButton label={t('builder.delete')} onClick={onDelete}>
            <Delete fontSize="small" />
          </ActionButton>
        </Stack>
        <Stack spacing={2}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              label={t('builder.type')}
              value={field.type}
              onChange={(event) => onChange(changeFieldType(field, event.target.value as FormFieldType))}
              sx={{ minWidth: 180 }}
            >
              {FORM_FIELD_TYPES.map((type) => (
                <MenuItem key={type} value={type}>
                  {t(`types.${type}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={field.type === 'paragraph' ? t('builder.titleOptional') : t('builder.label')}
              value={field.label}
              onChange={(event) => onChange({ ...field, label: event.target.value })}
              error={!!errors.label}
              helperText={errors.label}
              fullWidth
              required={field.type !== 'paragraph'}
            />
          </Stack>
          <TextField
            label={field.type === 'paragraph' ? t('builder.text') : t('builder.description')}
            value={field.description ?? ''}
            onChange={(event) => onChange({ ...field, description: event.target.value || undefined })}
            multiline
            minRows={field.type === 'paragraph' ? 3 : 1}
            fullWidth
          />
          {isDisplayOnlyField(field.type) ? null : (
            <FormControlLabel
              control={
                <Switch
                  checked={field.required}
                  onChange={(event) => onChange({ ...field, required: event.target.checked })}
                />
              }
              label={t('builder.required')}
            />
          )}
          {isOptionField(field.type) ? (
            <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
              <Typography component="legend" variant="subtitle2" sx={{ mb: 1 }}>
                {t('builder.options')}
              </Typography>
              <Stack component="ol" spacing={1.5} sx={{ p: 0, m: 0 }}>
                {options.map((option, optionIndex) => (
                  <Stack
                    // biome-ignore lint/suspicious/noArrayIndexKey: options are edited in place; the value may change or repeat while typing
                    key={optionIndex}
                    component="li"
                    direction={{ xs: 'column', sm: 'row' }}
                    spacing={1}
                    sx={{ listStyle: 'none', alignItems: { sm: 'flex-start' } }}
                  >
                    <TextField
                      size="small"
                      label={t('builder.optionLabel', { n: optionIndex + 1 })}
                      value={option.label}
                      onChange={(event) => setOption(optionIndex, { label: event.target.value })}
                      error={!!errors[`options.${optionIndex}.label`]}
                      helperText={errors[`options.${optionIndex}.label`]}
                      fullWidth
                    />
                    <TextField
                      size="small"
                      label={t('builder.optionValue', { n: optionIndex + 1 })}
                      value={option.value}
                      onChange={(event) => setOption(optionIndex, { value: event.target.value })}
                      error={!!errors[`options.${optionIndex}.value`]}
                      helperText={errors[`options.${optionIndex}.value`]}
                      fullWidth
                    />
                    <Stack direction="row">
                      <ActionButton
                        label={t('builder.moveOptionUp', { n: optionIndex + 1 })}
                        onClick={() => moveOption(optionIndex, optionIndex - 1)}
                        disabled={optionIndex === 0}
                      >
                        <ArrowUpward fontSize="small" />
                      </ActionButton>
                      <ActionButton
                        label={t('builder.moveOptionDown', { n: optionIndex + 1 })}
                        onClick={() => moveOption(optionIndex, optionIndex + 1)}
                        disabled={optionIndex === options.length - 1}
                      >
                        <ArrowDownward fontSize="small" />
                      </ActionButton>
                      <ActionButton
                        label={t('builder.removeOption', { n: optionIndex + 1 })}
                        onClick={() => onChange({ ...field, options: options.filter((_, at) => at !== optionIndex) })}
                      >
                        <Delete fontSize="small" />
                      </ActionButton>
                    </Stack>
                  </Stack>
                ))}
              </Stack>
              {errors.options ? (
                <Alert severity="error" sx={{ mt: 1 }}>
                  {errors.options}
                </Alert>
              ) : null}
              <Button startIcon={<Add />} onClick={addOption} sx={{ mt: 1 }}>
                {t('builder.addOption')}
              </Button>
            </Box>
          ) : null}
          {errors.name || errors.required ? (
            <Alert severity="error">{[errors.name, errors.required].filter(Boolean).join(' ')}</Alert>
          ) : null}
        </Stack>
      </CardContent>
    </Card>
  );
}
