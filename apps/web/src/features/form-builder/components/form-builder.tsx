import {
  type Announcements,
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import {
  customFieldName,
  type EventForm,
  FORM_FIELD_TYPES,
  type FormField,
  type FormFieldType,
  isOptionField,
  type ValidationResult,
  validateFormFields,
} from '@funkis/shared';
import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTranslateFormMessage } from '../../../components/forms/translate-form-message';
import { FormErrorList } from '../../../components/ui/form-error-list';
import { errorMessagesOf, isApiError } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/toast';
import { formQueryOptions } from '../api/get-form';
import { useSaveForm } from '../api/save-form';
import { ConfigureButton } from './configure-dialog';
import { CopyLinkButton } from './copy-link-button';
import { FieldEditor } from './field-editor';
import { FormPreview } from './form-preview';
import { useUnsavedChanges } from './use-unsaved-changes';

export interface FormBuilderProps {
  eventId: number;
  form: EventForm;
  applicationsOpen: boolean;
}

function newField(type: FormFieldType, name: string): FormField {
  const field: FormField = { name, type, label: '', required: false };
  if (isOptionField(type)) field.options = [{ value: 'option-1', label: '' }];
  return field;
}

/** Option values and labels may not be blank (the shared option schema): checked here so the save is not refused. */
function withOptionChecks(fields: readonly FormField[], result: ValidationResult<FormField[]>) {
  const issues = { ...result.issues };
  fields.forEach((field, index) => {
    if (!isOptionField(field.type)) return;
    (field.options ?? []).forEach((option, at) => {
      for (const property of ['value', 'label'] as const) {
        const path = `fields.${index}.options.${at}.${property}`;
        if (!option[property].trim() && !(path in issues)) issues[path] = { key: 'error.required' };
      }
    });
  });
  return { ...result, issues, isValid: Object.keys(issues).length === 0 };
}

/** Groups `fields.<index>.<property>` messages by field index. */
function byField(messages: Record<string, string>): Map<number, Record<string, string>> {
  const grouped = new Map<number, Record<string, string>>();
  for (const [path, message] of Object.entries(messages)) {
    const match = /^fields\.(\d+)\.(.+)$/.exec(path);
    if (!match) continue;
    const index = Number(match[1]);
    grouped.set(index, { ...grouped.get(index), [match[2] as string]: message });
  }
  return grouped;
}

/** The builder: field editors (sortable by drag and drop and keyboard) beside the live preview. */
export function FormBuilder({ eventId, form, applicationsOpen }: FormBuilderProps) {
  const { t } = useTranslation('forms');
  const { enqueueSnackbar } = useSnackbar();
  const { translateIssue, translateMessage } = useTranslateFormMessage();
  const queryClient = useQueryClient();
  const saveMutation = useSaveForm(eventId);

  const [saved, setSaved] = useState(form);
  const [fields, setFields] = useState<FormField[]>(form.fields);
  const [nextNumber, setNextNumber] = useState(form.nextFieldNumber);
  const [showErrors, setShowErrors] = useState(false);
  const [addMenuAnchor, setAddMenuAnchor] = useState<HTMLElement | null>(null);

  const isDirty = useMemo(() => JSON.stringify(fields) !== JSON.stringify(saved.fields), [fields, saved.fields]);
  const blocker = useUnsavedChanges(isDirty);
  const validation = useMemo(() => withOptionChecks(fields, validateFormFields(fields)), [fields]);

  const fieldErrors = useMemo(() => {
    const messages: Record<string, string> = {};
    if (saveMutation.isError && isApiError(saveMutation.error)) {
      for (const [path, message] of Object.entries(saveMutation.error.fieldErrors))
        messages[path] = translateMessage(message);
    }
    if (showErrors) {
      for (const [path, issue] of Object.entries(validation.issues)) messages[path] = translateIssue(issue);
    }
    return byField(messages);
  }, [saveMutation.isError, saveMutation.error, showErrors, validation.issues, translateIssue, translateMessage]);

  const titleOf = (id: UniqueIdentifier) => {
    const field = fields.find((item) => item.name === id);
    return field ? field.label.trim() || t(`types.${field.type}`) : String(id);
  };
  const positionOf = (id: UniqueIdentifier | undefined) => fields.findIndex((item) => item.name === id) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('dnd.picked', { label: titleOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over ? t('dnd.over', { label: titleOf(active.id), position: positionOf(over.id) }) : undefined,
    onDragEnd: ({ active, over }) =>
      over ? t('dnd.dropped', { label: titleOf(active.id), position: positionOf(over.id) }) : undefined,
    onDragCancel: ({ active }) => t('dnd.cancelled', { label: titleOf(active.id) }),
  };
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const update = (change: (current: FormField[]) => FormField[]) => {
    if (saveMutation.isError) saveMutation.reset();
    setFields(change);
  };
  const move = (from: number, to: number) => {
    if (to < 0 || to >= fields.length) return;
    update((current) => arrayMove(current, from, to));
  };
  const takeName = () => {
    const name = customFieldName(nextNumber);
    setNextNumber((n) => n + 1);
    return name;
  };
  const addField = (type: FormFieldType) => {
    setAddMenuAnchor(null);
    const field = newField(type, takeName());
    update((current) => [...current, field]);
  };
  const duplicate = (index: number) => {
    const source = fields[index];
    if (!source) return;
    const copy: FormField = { ...structuredClone(source), name: takeName() };
    update((current) => [...current.slice(0, index + 1), copy, ...current.slice(index + 1)]);
  };
  const remove = (index: number) => update((current) => current.filter((_, at) => at !== index));
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = fields.findIndex((field) => field.name === active.id);
    const to = fields.findIndex((field) => field.name === over.id);
    if (from >= 0 && to >= 0) move(from, to);
  };

  const reset = (next: EventForm) => {
    setSaved(next);
    setFields(next.fields);
    setNextNumber(next.nextFieldNumber);
    setShowErrors(false);
  };
  const save = () => {
    setShowErrors(true);
    if (!validation.isValid) return;
    saveMutation.mutate(
      { fields: validation.value, updatedAt: saved.updatedAt },
      {
        onSuccess: (result) => {
          reset({ fields: result.fields, updatedAt: result.updatedAt, nextFieldNumber: result.nextFieldNumber });
          enqueueSnackbar(t('builder.saved'), { variant: 'success' });
        },
      },
    );
  };
  const reloadFromServer = async () => {
    saveMutation.reset();
    try {
      reset(await queryClient.fetchQuery({ ...formQueryOptions(eventId), staleTime: 0 }));
    } catch {
      enqueueSnackbar(t('builder.reloadFailed'), { variant: 'error' });
    }
  };

  // A 409 is either a stale save (someone else saved: offer a reload) or the week-separation field (fix and save).
  const isStale =
    saveMutation.isError &&
    isApiError(saveMutation.error) &&
    saveMutation.error.status === 409 &&
    saveMutation.error.hasCode('error.formChanged');
  // Field messages show beside their fields; the list under the form has the rest.
  const generalErrors =
    saveMutation.isError && !isStale
      ? errorMessagesOf(saveMutation.error)
          .filter((message) => typeof message === 'string' || !message.field)
          .map((message) => translateMessage(message))
      : [];
  const showInvalidNotice = showErrors && !validation.isValid;

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button variant="contained" onClick={save} loading={saveMutation.isPending} disabled={!isDirty}>
          {t('builder.save')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<Add />}
          aria-haspopup="menu"
          aria-controls={addMenuAnchor ? 'add-field-menu' : undefined}
          aria-expanded={addMenuAnchor ? 'true' : undefined}
          onClick={(event) => setAddMenuAnchor(event.currentTarget)}
        >
          {t('builder.addField')}
        </Button>
        <CopyLinkButton eventId={eventId} />
        <ConfigureButton eventId={eventId} applicationsOpen={applicationsOpen} />
      </Stack>
      <Menu id="add-field-menu" anchorEl={addMenuAnchor} open={!!addMenuAnchor} onClose={() => setAddMenuAnchor(null)}>
        {FORM_FIELD_TYPES.map((type) => (
          <MenuItem key={type} onClick={() => addField(type)}>
            {t(`types.${type}`)}
          </MenuItem>
        ))}
      </Menu>
      <Alert severity={applicationsOpen ? 'success' : 'info'} variant="outlined">
        {applicationsOpen ? t('builder.applicationsAreOpen') : t('builder.applicationsAreClosed')}
      </Alert>
      {isDirty ? (
        <Alert severity="warning" data-testid="unsaved-changes">
          {t('builder.unsaved')}
        </Alert>
      ) : null}
      {isStale ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={reloadFromServer}>
              {t('builder.reload')}
            </Button>
          }
        >
          {errorMessagesOf(saveMutation.error)
            .map((message) => translateMessage(message))
            .join(' ')}
        </Alert>
      ) : null}
      {showInvalidNotice ? <Alert severity="error">{translateIssue({ key: 'error.formInvalid' })}</Alert> : null}
      <FormErrorList messages={generalErrors} />
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 3fr) minmax(0, 2fr)' },
        }}
      >
        <Box component="section" aria-labelledby="builder-fields-title">
          <Typography id="builder-fields-title" component="h2" variant="h6" sx={{ mb: 1 }}>
            {t('builder.fieldsTitle')}
          </Typography>
          {fields.length === 0 ? (
            <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
              <Typography color="text.secondary">{t('builder.empty')}</Typography>
            </Paper>
          ) : (
            <DndContext
              sensors={sensors}
              collisionDetection={closestCenter}
              onDragEnd={onDragEnd}
              accessibility={{ announcements, screenReaderInstructions: { draggable: t('dnd.instructions') } }}
            >
              <SortableContext items={fields.map((field) => field.name)} strategy={verticalListSortingStrategy}>
                <Stack component="ol" spacing={2} sx={{ p: 0, m: 0 }}>
                  {fields.map((field, index) => (
                    <FieldEditor
                      key={field.name}
                      field={field}
                      index={index}
                      count={fields.length}
                      errors={fieldErrors.get(index) ?? {}}
                      onChange={(changed) =>
                        update((current) => current.map((item, at) => (at === index ? changed : item)))
                      }
                      onMove={move}
                      onDuplicate={() => duplicate(index)}
                      onDelete={() => remove(index)}
                    />
                  ))}
                </Stack>
              </SortableContext>
            </DndContext>
          )}
        </Box>
        <Box component="section" aria-labelledby="builder-preview-title">
          <Typography id="builder-preview-title" component="h2" variant="h6" sx={{ mb: 1 }}>
            {t('builder.previewTitle')}
          </Typography>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, position: { md: 'sticky' }, top: { md: 80 } }}>
            <FormPreview fields={fields} />
          </Paper>
        </Box>
      </Box>
      <Dialog open={blocker.state === 'blocked'} onClose={() => blocker.reset?.()} aria-labelledby="unsaved-title">
        <DialogTitle id="unsaved-title">{t('builder.leaveTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('builder.leaveMessage')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => blocker.reset?.()}>{t('builder.stay')}</Button>
          <Button color="error" variant="contained" onClick={() => blocker.proceed?.()}>
            {t('builder.leave')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
