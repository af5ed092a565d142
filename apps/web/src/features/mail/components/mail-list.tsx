import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LoadError } from '../../../components/ui/load-error';
import type { MailFolder } from '../api/get-mails';
import { formatDateTime } from './format';
import { useMailFolder } from './mail-store';

/** A summary says whether the user opened it; an e-mail already loaded in full here has been opened. */
const isRead = (email: object) => !('isRead' in email) || email.isRead === true;

/** Read by screen readers, not shown: the bold subject says it to the eye. */
const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/** One folder (Sent or a custom label): subject, preview, date and the delivery counts of each e-mail. */
export function MailList({
  eventId,
  folder,
  title,
  hrefOf,
}: {
  eventId: number;
  folder: MailFolder;
  title: string;
  hrefOf: (emailId: number) => string;
}) {
  const { t, i18n } = useTranslation('mail');
  const mailsQuery = useMailFolder(eventId, folder);
  const folderState = mailsQuery.data;
  const emails = folderState ? folderState.ids.map((id) => folderState.emailsById[id]) : [];
  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 2, overflowWrap: 'anywhere' }}>
        {title}
      </Typography>
      {mailsQuery.isError ? <LoadError error={mailsQuery.error} onRetry={() => void mailsQuery.refetch()} /> : null}
      {mailsQuery.isPending ? <CircularProgress aria-label={t('loading')} /> : null}
      {mailsQuery.data && !mailsQuery.isError && emails.length === 0 ? (
        <Typography color="text.secondary">{t('empty')}</Typography>
      ) : null}
      {emails.length > 0 ? (
        <Paper variant="outlined">
          <List component="div" disablePadding>
            {emails.map((email) => (
              <ListItemButton
                key={email.id}
                component={RouterLink}
                to={hrefOf(email.id)}
                divider
                data-unread={isRead(email) ? undefined : 'true'}
              >
                <ListItemText
                  primary={
                    isRead(email) ? (
                      <bdi>{email.subject}</bdi>
                    ) : (
                      <>
                        <Box component="span" sx={visuallyHidden}>
                          {t('unreadMark')}
                        </Box>
                        <bdi>{email.subject}</bdi>
                      </>
                    )
                  }
                  secondary={
                    <Stack component="span" direction="row" spacing={1} sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
                      <span>{formatDateTime(email.createdAt, i18n.language)}</span>
                      <span>{t('fromName', { name: email.from.name })}</span>
                      <Chip
                        component="span"
                        size="small"
                        label={t('deliverySummary', {
                          sent: email.counts.sent,
                          total: email.counts.sent + email.counts.failed + email.counts.queued + email.counts.sending,
                        })}
                      />
                      {email.counts.failed > 0 ? (
                        <Chip
                          component="span"
                          size="small"
                          color="error"
                          label={t('failedCount', { count: email.counts.failed })}
                        />
                      ) : null}
                    </Stack>
                  }
                  slotProps={{
                    primary: { sx: { fontWeight: isRead(email) ? 400 : 700, overflowWrap: 'anywhere' } },
                    secondary: { component: 'span' },
                  }}
                />
              </ListItemButton>
            ))}
          </List>
        </Paper>
      ) : null}
    </Box>
  );
}
