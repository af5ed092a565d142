import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCalendarFeed, useRenewCalendarFeed } from '../../../api/calendar-feed';
import { FormErrorList } from '../../../components/ui/form-error-list';
import { errorMessagesOf } from '../../../lib/api-client';
import { copyText } from '../../../lib/copy-text';

/**
 * Subscribe to one's shifts in a calendar app: a secret URL (one per person, the shifts of all their events).
 * Only its hash is kept, so the URL is shown once, when made; making a new one ends the old one.
 */
export function SubscribeDialog({ onClose }: { onClose(): void }) {
  const { t, i18n } = useTranslation('scheduling');
  const feed = useCalendarFeed();
  const renew = useRenewCalendarFeed();
  const [url, setUrl] = useState<string | null>(null);
  const [copied, setCopied] = useState<boolean | null>(null);
  const existing = feed.data?.feed.createdAt ?? null;

  const make = async () => {
    setCopied(null);
    const result = await renew.mutateAsync().catch(() => null);
    if (result?.feed.url) setUrl(result.feed.url);
  };
  const copy = async () => url && setCopied(await copyText(url));

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="subscribe-title">
      <DialogTitle id="subscribe-title">{t('subscribe.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>{t('subscribe.help')}</DialogContentText>
          <FormErrorList
            messages={[
              ...(feed.isError ? errorMessagesOf(feed.error) : []),
              ...(renew.isError ? errorMessagesOf(renew.error) : []),
            ]}
          />
          {url ? (
            <>
              <TextField
                label={t('subscribe.url')}
                value={url}
                slotProps={{ htmlInput: { readOnly: true, 'data-testid': 'calendar-url' } }}
                onFocus={(event) => event.target.select()}
                fullWidth
              />
              <Alert severity="warning">{t('subscribe.secret')}</Alert>
              <div aria-live="polite">
                {copied === true ? <Alert severity="success">{t('subscribe.copied')}</Alert> : null}
                {copied === false ? <Alert severity="info">{t('subscribe.notCopied')}</Alert> : null}
              </div>
            </>
          ) : feed.isPending ? null : existing ? (
            <Alert severity="info">
              {t('subscribe.existing', {
                date: new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(existing)),
              })}
            </Alert>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('subscribe.close')}</Button>
        {url ? (
          <Button variant="contained" startIcon={<ContentCopyOutlined />} onClick={copy}>
            {t('subscribe.copy')}
          </Button>
        ) : (
          <Button variant="contained" onClick={make} loading={renew.isPending} disabled={feed.isPending}>
            {existing ? t('subscribe.renew') : t('subscribe.create')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
