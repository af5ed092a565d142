import { createMailLabelSchema } from '@funkis/shared';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormAnnouncer } from '../../../components/forms/form';
import { FormDialog } from '../../../components/forms/form-dialog';
import { FormErrorList } from '../../../components/ui/form-error-list';
import { useTranslateMessage } from '../../../hooks/use-translate-message';
import { isApiError } from '../../../lib/api-client';
import { useCreateMailLabel } from '../api/create-mail-label';

const COLORS = ['#1976d2', '#2e7d32', '#ed6c02', '#9c27b0', '#d32f2f', '#00838f'];

/** A new custom label: a name and one of a few colours. */
export function CreateLabelDialog({ eventId, open, onClose }: { eventId: number; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('mail');
  const translate = useTranslateMessage();
  const create = useCreateMailLabel(eventId);
  const [name, setName] = useState('');
  const [color, setColor] = useState(COLORS[0]);
  const [nameError, setNameError] = useState<string | null>(null);
  const announcer = useFormAnnouncer();
  const { announce } = announcer;

  const close = () => {
    setName('');
    setNameError(null);
    create.reset();
    onClose();
  };

  const submit = async () => {
    const parsed = createMailLabelSchema.safeParse({ name, color });
    if (!parsed.success) {
      setNameError(translate(parsed.error.issues[0]?.message ?? 'error.invalid'));
      announce(1);
      return;
    }
    setNameError(null);
    announce(0);
    try {
      await create.mutateAsync(parsed.data);
      close();
    } catch {
      // shown below the form
    }
  };

  const serverError = create.error && isApiError(create.error) ? create.error : null;
  return (
    <FormDialog
      open={open}
      onClose={close}
      maxWidth="xs"
      title={t('createLabel.title')}
      submitLabel={t('createLabel.submit')}
      pending={create.isPending}
      announcer={announcer}
      onSubmit={submit}
    >
      <TextField
        label={t('createLabel.name')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={Boolean(nameError ?? serverError?.fieldErrors.name)}
        helperText={nameError ?? (serverError?.fieldErrors.name ? translate(serverError.fieldErrors.name) : ' ')}
        autoFocus
        required
      />
      <TextField
        select
        label={t('createLabel.color')}
        value={color}
        onChange={(event) => setColor(event.target.value)}
        slotProps={{ select: { native: true } }}
      >
        {COLORS.map((value, index) => (
          <option key={value} value={value}>
            {t(`createLabel.colors.${index}`)}
          </option>
        ))}
      </TextField>
      {serverError && !serverError.fieldErrors.name ? <FormErrorList messages={serverError.errors} /> : null}
    </FormDialog>
  );
}
