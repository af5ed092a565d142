import { updateMailSettingsSchema } from '@funkis/shared';
import Alert from '@mui/material/Alert';
import CircularProgress from '@mui/material/CircularProgress';
import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormAnnouncer } from '../../../components/forms/form';
import { FormDialog } from '../../../components/forms/form-dialog';
import { FormErrorList } from '../../../components/ui/form-error-list';
import { useTranslateMessage } from '../../../hooks/use-translate-message';
import { errorMessagesOf } from '../../../lib/api-client';
import { useMailSettings, useUpdateMailSettings } from '../api/mail-settings';

/** Admins: how many messages a minute this event's mail goes out at (bounded; the server's default otherwise). */
export function MailSettingsDialog({
  eventId,
  open,
  onClose,
}: {
  eventId: number;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('mail');
  const translate = useTranslateMessage();
  const settingsQuery = useMailSettings(eventId, open);
  const update = useUpdateMailSettings(eventId);
  const [rate, setRate] = useState('');
  const [error, setError] = useState<string | null>(null);
  const announcer = useFormAnnouncer();
  const { announce } = announcer;
  const settings = settingsQuery.data?.settings;

  useEffect(() => {
    if (open && settings) setRate(String(settings.ratePerMinute));
  }, [open, settings]);

  const close = () => {
    setError(null);
    update.reset();
    onClose();
  };

  const submit = async () => {
    const parsed = updateMailSettingsSchema.safeParse({
      ratePerMinute: rate.trim() === '' ? Number.NaN : Number(rate),
    });
    if (!parsed.success) {
      setError(translate(parsed.error.issues[0]?.message ?? 'mail.rateInvalid'));
      announce(1);
      return;
    }
    setError(null);
    announce(0);
    try {
      await update.mutateAsync(parsed.data);
      close();
    } catch {
      // shown below the field
    }
  };

  return (
    <FormDialog
      open={open}
      onClose={close}
      maxWidth="xs"
      title={t('settings.title')}
      submitLabel={t('settings.save')}
      pending={update.isPending}
      submitDisabled={!settings}
      announcer={announcer}
      onSubmit={submit}
    >
      {settingsQuery.isError ? <Alert severity="error">{t('settings.loadError')}</Alert> : null}
      {settingsQuery.isPending ? <CircularProgress aria-label={t('loading')} /> : null}
      {settings ? (
        <>
          <DialogContentText>{t('settings.help', { default: settings.defaultRatePerMinute })}</DialogContentText>
          <TextField
            type="number"
            label={t('settings.rate')}
            value={rate}
            onChange={(event) => setRate(event.target.value)}
            error={Boolean(error)}
            helperText={error ?? t('settings.bounds', { min: settings.minimum, max: settings.maximum })}
            slotProps={{ htmlInput: { min: settings.minimum, max: settings.maximum, step: 1 } }}
            autoFocus
            fullWidth
            required
          />
        </>
      ) : null}
      {update.isError ? <FormErrorList messages={errorMessagesOf(update.error)} /> : null}
    </FormDialog>
  );
}
