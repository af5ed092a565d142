import type { EventInvitation } from '@funkis/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useTranslateMessage } from '../../../hooks/use-translate-message';
import { errorMessagesOf } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/toast';
import { useCancelInvitation, useEventInvitations } from '../api/event-invitations';
import { roleKey } from './member-fields';

function InvitationRow({ eventId, invitation }: { eventId: number; invitation: EventInvitation }) {
  const { t, i18n } = useTranslation('users');
  const { enqueueSnackbar } = useSnackbar();
  const translateMessage = useTranslateMessage();
  const cancelMutation = useCancelInvitation(eventId);
  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language);
  const what = [t(roleKey(invitation.roleLevel)), invitation.group?.name].filter(Boolean).join(' · ');
  const sent = invitation.invitedBy
    ? t('invitations.sentBy', {
        name: `${invitation.invitedBy.firstname} ${invitation.invitedBy.lastname}`,
        date: date(invitation.createdAt),
      })
    : t('invitations.sent', { date: date(invitation.createdAt) });
  return (
    <ListItem disableGutters divider sx={{ flexWrap: 'wrap', gap: 1 }} data-testid="invitation-row">
      <ListItemText
        sx={{ flex: '1 1 240px', minWidth: 0 }}
        primary={invitation.email}
        secondary={`${what} — ${sent} — ${t('invitations.expires', { date: date(invitation.expiresAt) })}`}
        slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
      />
      <Stack sx={{ alignItems: 'flex-end' }}>
        <Button
          size="small"
          color="error"
          loading={cancelMutation.isPending}
          aria-label={t('invitations.cancelLabel', { email: invitation.email })}
          onClick={() =>
            cancelMutation.mutate(invitation.id, {
              onSuccess: () =>
                enqueueSnackbar(t('snackbar.invitationCancelled', { email: invitation.email }), {
                  variant: 'success',
                }),
            })
          }
        >
          {t('invitations.cancel')}
        </Button>
        {cancelMutation.isError ? (
          <Typography variant="body2" color="error" role="alert">
            {errorMessagesOf(cancelMutation.error).map(translateMessage).join(' ')}
          </Typography>
        ) : null}
      </Stack>
    </ListItem>
  );
}

/**
 * The event's invitations nobody has accepted yet (admins): sent to, role and group, by whom, until when; each
 * can be cancelled. A declined invitation looks the same as one not answered (the invited person's choice stays
 * theirs) until it lapses.
 */
export function InvitationsCard({ eventId }: { eventId: number }) {
  const { t } = useTranslation('users');
  const translateMessage = useTranslateMessage();
  const invitationsQuery = useEventInvitations(eventId);
  const invitations = invitationsQuery.data?.invitations ?? [];
  return (
    <Card variant="outlined" component="section" aria-labelledby="event-invitations-title">
      <CardHeader
        title={t('invitations.title')}
        subheader={t('invitations.subtitle')}
        slotProps={{ title: { component: 'h2', variant: 'h6', id: 'event-invitations-title' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {invitationsQuery.isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
            <CircularProgress size={28} aria-label={t('invitations.loading')} />
          </Box>
        ) : invitationsQuery.isError ? (
          <Alert severity="error">{errorMessagesOf(invitationsQuery.error).map(translateMessage).join(' ')}</Alert>
        ) : invitations.length === 0 ? (
          <Typography color="text.secondary">{t('invitations.empty')}</Typography>
        ) : (
          <List dense disablePadding>
            {invitations.map((invitation) => (
              <InvitationRow key={invitation.id} eventId={eventId} invitation={invitation} />
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
