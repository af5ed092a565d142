import { createMailLabelSchema } from '@funkis/shared';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, useFormAnnouncer } from '../../../components/forms/form';
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
    <Dialog open={open} onClose={close} aria-labelledby="create-label-title" fullWidth maxWidth="xs">
      <Form announcer={announcer} onSubmit={submit}>
        <DialogTitle id="create-label-title">{t('createLabel.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
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
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>{t('cancel')}</Button>
          <Button type="submit" variant="contained" disabled={create.isPending}>
            {t('createLabel.submit')}
          </Button>
        </DialogActions>
      </Form>
    </Dialog>
  );
}
