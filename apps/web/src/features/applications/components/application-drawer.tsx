import type { ApplicationHistoryEntry } from '@funkis/shared';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useTranslateMessage } from '../../../hooks/use-translate-message';
import { errorMessagesOf } from '../../../lib/api-client';
import { useApplication } from '../api/get-application';
import { useApplicationAnswers } from '../api/get-application-answers';
import { STATUS_COLORS } from './applications-table';
import { formatAnswer, formatDate } from './format';

interface ApplicationDrawerProps {
  eventId: number;
  applicationId: number | null;
  onClose: () => void;
}

const describeValue = (t: TFunction, value: unknown, isStatus: boolean): string => {
  if (value === null || value === undefined) return isStatus ? '' : t('filters.noGroup');
  if (isStatus && typeof value === 'string') return t(`status.${value}`, { defaultValue: value });
  if (typeof value === 'object' && value !== null && 'name' in value) return String((value as { name: unknown }).name);
  return String(value);
};

function historyText(t: TFunction, entry: ApplicationHistoryEntry): { title: string; change: string | null } {
  const isStatus = entry.action === 'application.status_changed';
  const isGroup = entry.action === 'application.group_changed';
  const title = isStatus ? t('drawer.statusChanged') : isGroup ? t('drawer.groupChanged') : t('drawer.otherAction');
  const { from, to, fromName, toName } = entry.details as Record<string, unknown>;
  if (!('from' in entry.details) && !('to' in entry.details)) return { title, change: null };
  const change = t('drawer.change', {
    from: describeValue(t, fromName ?? from, isStatus),
    to: describeValue(t, toName ?? to, isStatus),
  });
  return { title, change };
}

/** Every answer (current questions, then removed ones under their old labels) and the application's history. */
export function ApplicationDrawer({ eventId, applicationId, onClose }: ApplicationDrawerProps) {
  const { t, i18n } = useTranslation('applications');
  const translateMessage = useTranslateMessage();
  const detail = useApplication(eventId, applicationId);
  const answers = useApplicationAnswers(eventId, applicationId);
  const application = detail.data?.application;

  return (
    <Drawer
      anchor="right"
      open={applicationId !== null}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 480 } }, 'aria-labelledby': 'application-drawer-title' } }}
    >
      <Stack direction="row" sx={{ alignItems: 'center', p: 2, gap: 1 }}>
        <Typography id="application-drawer-title" variant="h6" component="h2" sx={{ flex: 1, minWidth: 0 }}>
          {application ? `${application.user.firstname} ${application.user.lastname}` : t('drawer.title')}
        </Typography>
        <IconButton onClick={onClose} aria-label={t('drawer.close')}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <Divider />
      <Box sx={{ p: 2, overflowY: 'auto' }} data-testid="application-drawer">
        {(detail.isPending || answers.isPending) && applicationId !== null && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress aria-label={t('drawer.title')} />
          </Box>
        )}
        {detail.isError && (
          <Alert severity="error">{errorMessagesOf(detail.error).map(translateMessage).join(' ')}</Alert>
        )}
        {application && (
          <Stack spacing={1} sx={{ mb: 3 }}>
            <Typography sx={{ wordBreak: 'break-all' }}>{application.user.email}</Typography>
            <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap' }}>
              <Chip size="small" color={STATUS_COLORS[application.status]} label={t(`status.${application.status}`)} />
              <Chip size="small" variant="outlined" label={application.group?.name ?? t('filters.noGroup')} />
            </Stack>
            <Typography variant="body2" color="text.secondary">
              {t('drawer.appliedAt', { date: formatDate(application.createdAt, i18n.language) })}
            </Typography>
          </Stack>
        )}
        <Typography variant="subtitle1" component="h3">
          {t('drawer.answers')}
        </Typography>
        {answers.isError && (
          <Alert severity="error">{errorMessagesOf(answers.error).map(translateMessage).join(' ')}</Alert>
        )}
        {answers.data && (
          <List dense>
            {answers.data.answers.map((answer) => {
              const text = formatAnswer(t, answer.value, answer);
              return (
                <ListItem key={answer.name} disableGutters>
                  <ListItemText
                    primary={
                      <>
                        {answer.label || answer.name}
                        {answer.removed && (
                          <Chip size="small" variant="outlined" label={t('drawer.removed')} sx={{ ml: 1 }} />
                        )}
                      </>
                    }
                    secondary={text || t('drawer.noAnswer')}
                    slotProps={{ secondary: { sx: { whiteSpace: 'pre-wrap', wordBreak: 'break-word' } } }}
                  />
                </ListItem>
              );
            })}
          </List>
        )}
        <Typography variant="subtitle1" component="h3" sx={{ mt: 2 }}>
          {t('drawer.history')}
        </Typography>
        {detail.data && detail.data.history.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {t('drawer.noHistory')}
          </Typography>
        )}
        {detail.data && detail.data.history.length > 0 && (
          <List dense data-testid="application-history">
            {detail.data.history.map((entry) => {
              const { title, change } = historyText(t, entry);
              const actor = entry.actor ? `${entry.actor.firstname} ${entry.actor.lastname}` : null;
              return (
                <ListItem key={`${entry.createdAt}-${entry.action}-${JSON.stringify(entry.details)}`} disableGutters>
                  <ListItemText
                    primary={change ? `${title}: ${change}` : title}
                    secondary={[
                      formatDate(entry.createdAt, i18n.language),
                      actor ? t('drawer.byActor', { name: actor }) : null,
                    ]
                      .filter(Boolean)
                      .join(' ')}
                  />
                </ListItem>
              );
            })}
          </List>
        )}
      </Box>
    </Drawer>
  );
}
