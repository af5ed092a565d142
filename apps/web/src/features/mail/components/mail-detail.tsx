import type { Mail, MailLabel } from '@funkis/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Select from '@mui/material/Select';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ADDRESS_CELL_SX, EmailAddress } from '../../../components/ui/email-address';
import { FormErrorList } from '../../../components/ui/form-error-list';
import { errorMessagesOf } from '../../../lib/api-client';
import { mailKeys } from '../../../lib/query-keys';
import { SafeHtml } from '../../../lib/safe-html';
import { useMail } from '../api/get-mail';
import { useRetryMail } from '../api/retry-mail';
import { useSetMailLabels } from '../api/set-mail-labels';
import { formatDateTime, STATE_COLORS } from './format';
import { useMailStore } from './mail-store';

function ReceiverFilterChips({ email }: { email: Mail }) {
  const { t } = useTranslation('mail');
  const chips = [
    ...(email.to.roleLevels ?? []).map((level) => t(`roles.${level}`)),
    ...(email.to.applicationStatuses ?? []).map((status) => t('statusChip', { status: t(`status.${status}`) })),
    ...((email.to.groupIds?.length ?? 0) > 0 ? [t('groupsChip', { count: email.to.groupIds?.length ?? 0 })] : []),
    ...((email.to.userIds?.length ?? 0) > 0 ? [t('peopleChip', { count: email.to.userIds?.length ?? 0 })] : []),
  ];
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {chips.map((chip) => (
        <Chip key={chip} size="small" variant="outlined" label={chip} />
      ))}
    </Stack>
  );
}

function LabelPicker({ eventId, email, labels }: { eventId: number; email: Mail; labels: MailLabel[] }) {
  const { t } = useTranslation('mail');
  const setLabels = useSetMailLabels(eventId, email.id);
  const custom = labels.filter((label) => label.type === 'custom_label');
  if (custom.length === 0) return <Typography color="text.secondary">{t('detail.noLabels')}</Typography>;
  return (
    <Box>
      <FormControl size="small" sx={{ minWidth: 220, maxWidth: '100%' }}>
        <InputLabel id="mail-labels-label">{t('detail.labels')}</InputLabel>
        <Select
          labelId="mail-labels-label"
          label={t('detail.labels')}
          multiple
          value={email.labelIds}
          disabled={setLabels.isPending}
          onChange={(event) => {
            const value = event.target.value;
            setLabels.mutate((Array.isArray(value) ? value : [value]).map(Number));
          }}
          renderValue={(selected) =>
            custom
              .filter((label) => selected.includes(Number(label.id)))
              .map((label) => label.name)
              .join(', ')
          }
        >
          {custom.map((label) => (
            <MenuItem key={label.id} value={Number(label.id)}>
              {label.name}
            </MenuItem>
          ))}
        </Select>
      </FormControl>
      {setLabels.isError ? <FormErrorList messages={errorMessagesOf(setLabels.error)} /> : null}
    </Box>
  );
}

/**
 * One sent e-mail: the message (plain text, or the server-sanitised rich text through a second allow-list),
 * the linked files, and every receiver's delivery state, refreshed while it changes. Opening it marks it read
 * for this user, so the sidebar's unread counts are fetched again.
 */
export function MailDetail({ eventId, emailId, isAdmin }: { eventId: number; emailId: number; isAdmin: boolean }) {
  const { t, i18n } = useTranslation('mail');
  const { state } = useMailStore();
  const mailQuery = useMail(eventId, emailId);
  const retry = useRetryMail(eventId, emailId);
  const queryClient = useQueryClient();
  const isLoaded = mailQuery.isSuccess;

  useEffect(() => {
    if (!isLoaded) return;
    void queryClient.invalidateQueries({ queryKey: mailKeys.labels(eventId) });
    void queryClient.invalidateQueries({ queryKey: mailKeys.lists(eventId) });
  }, [isLoaded, eventId, queryClient]);

  if (mailQuery.isError) return <Alert severity="error">{t('detail.notFound')}</Alert>;
  if (!mailQuery.data) return <CircularProgress aria-label={t('loading')} />;
  const email = mailQuery.data.email;
  const total = email.receivers.length;

  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1" dir="auto" sx={{ overflowWrap: 'anywhere' }}>
        {email.subject}
      </Typography>
      <Typography color="text.secondary">
        {t('detail.sentBy', { name: email.from.name, date: formatDateTime(email.createdAt, i18n.language) })}
      </Typography>
      <ReceiverFilterChips email={email} />
      <Paper variant="outlined" sx={{ p: 2 }} data-testid="mail-message">
        {email.format === 'html' ? (
          <Typography
            component="div"
            sx={{ overflowWrap: 'anywhere', '& p': { my: 1 }, '& a': { color: 'primary.main' } }}
          >
            <SafeHtml html={email.message} />
          </Typography>
        ) : (
          <Typography component="div" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {email.message}
          </Typography>
        )}
      </Paper>
      {email.attachments.length > 0 ? (
        <Box component="section" aria-labelledby="mail-files-heading">
          <Typography variant="h6" component="h2" id="mail-files-heading">
            {t('detail.files')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('detail.filesHelp')}
          </Typography>
          <Box component="ul" sx={{ pl: 3, my: 1 }}>
            {email.attachments.map((file) => (
              <li key={file.fileId}>
                <Link href={file.url} sx={{ overflowWrap: 'anywhere' }}>
                  {file.name}
                </Link>
              </li>
            ))}
          </Box>
        </Box>
      ) : null}
      <LabelPicker eventId={eventId} email={email} labels={state.labels} />
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Typography variant="h6" component="h2">
          {t('detail.receivers', { count: total })}
        </Typography>
        <Box role="status" aria-live="polite" sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {(['sent', 'queued', 'sending', 'failed'] as const).map((key) =>
            email.counts[key] > 0 ? (
              <Chip
                key={key}
                size="small"
                color={STATE_COLORS[key]}
                label={`${t(`state.${key}`)}: ${email.counts[key]}`}
              />
            ) : null,
          )}
        </Box>
        {isAdmin && email.counts.failed > 0 ? (
          <Button size="small" variant="outlined" onClick={() => retry.mutate()} disabled={retry.isPending}>
            {t('detail.retry', { count: email.counts.failed })}
          </Button>
        ) : null}
      </Stack>
      {retry.isError ? <FormErrorList messages={errorMessagesOf(retry.error)} /> : null}
      <TableContainer component={Paper} variant="outlined">
        <Table size="small" aria-label={t('detail.receiversTable')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('detail.name')}</TableCell>
              <TableCell>{t('detail.email')}</TableCell>
              <TableCell>{t('detail.state')}</TableCell>
              <TableCell>{t('detail.serverAnswer')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {email.receivers.map((receiver) => (
              <TableRow key={`${receiver.userId}-${receiver.email}`} data-testid="mail-receiver">
                <TableCell sx={{ overflowWrap: 'break-word' }}>
                  <bdi>{receiver.name}</bdi>
                </TableCell>
                <TableCell sx={ADDRESS_CELL_SX} data-testid="receiver-email">
                  <EmailAddress address={receiver.email} />
                </TableCell>
                <TableCell>
                  <Chip size="small" color={STATE_COLORS[receiver.state]} label={t(`state.${receiver.state}`)} />
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>
                  {receiver.error ? (
                    <Typography variant="body2" color={receiver.state === 'failed' ? 'error' : 'text.secondary'}>
                      {receiver.state === 'queued' ? t('detail.willRetry', { error: receiver.error }) : receiver.error}
                    </Typography>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Stack>
  );
}
