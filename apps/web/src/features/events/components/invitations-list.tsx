import type { MyInvitation } from '@funkis/shared';
import MailOutline from '@mui/icons-material/MailOutline';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTranslateMessage } from '../../../hooks/use-translate-message';
import { errorMessagesOf } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';
import { useSnackbar } from '../../../lib/toast';
import { useAnswerInvitation, useMyInvitations } from '../api/my-invitations';
import { ConfirmDialog } from './confirm-dialog';
import { ROLE_KEYS } from './role-label';

function InvitationCard({ invitation, onDecline }: { invitation: MyInvitation; onDecline: () => void }) {
  const { t } = useTranslation('events');
  const { enqueueSnackbar } = useSnackbar();
  const translateMessage = useTranslateMessage();
  const answer = useAnswerInvitation();
  const titleId = `invitation-${invitation.id}-title`;
  const role = t(ROLE_KEYS[invitation.roleLevel]);
  const inviter = invitation.invitedBy ? `${invitation.invitedBy.firstname} ${invitation.invitedBy.lastname}` : null;
  return (
    <Card variant="outlined" component="article" aria-labelledby={titleId} data-testid="invitation-card">
      <CardContent>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'flex-start', minWidth: 0 }}>
          <MailOutline color="primary" aria-hidden sx={{ mt: 0.5 }} />
          <Stack spacing={0.5} sx={{ minWidth: 0, flex: 1 }}>
            <Typography variant="h6" component="h3" id={titleId} sx={{ overflowWrap: 'anywhere' }}>
              {invitation.event.name}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {invitation.group
                ? t('invitations.roleInGroup', { role, group: invitation.group.name })
                : t('invitations.role', { role })}
            </Typography>
            {inviter ? (
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {t('invitations.from', { name: inviter })}
              </Typography>
            ) : null}
          </Stack>
        </Stack>
        {answer.isError ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessagesOf(answer.error).map(translateMessage).join(' ')}
          </Alert>
        ) : null}
        <Stack direction="row" spacing={1} sx={{ mt: 2, justifyContent: 'flex-end', flexWrap: 'wrap', rowGap: 1 }}>
          <Button onClick={onDecline} disabled={answer.isPending} aria-describedby={titleId}>
            {t('invitations.decline')}
          </Button>
          <Button
            variant="contained"
            loading={answer.isPending}
            aria-describedby={titleId}
            onClick={() =>
              // Not mutate's onSuccess: the card leaves the list when its invitation is answered, and TanStack
              // Query drops the callbacks of an unmounted caller; the promise resolves whatever is on screen. A
              // failure stays in `answer.error`, shown on the card while it is there.
              answer.mutateAsync({ invitation, answer: 'accept' }).then(
                () =>
                  enqueueSnackbar(t('invitations.accepted', { name: invitation.event.name }), { variant: 'success' }),
                () => undefined,
              )
            }
          >
            {t('invitations.accept')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}

/**
 * The home page's invitations: an admin of an event invited the caller's address; accepting makes them a member
 * (the event then shows in their list), declining removes the invitation (after a confirmation). Nothing shows
 * while loading or when there are none; a failed load says so without hiding the events.
 */
export function InvitationsList() {
  const { t } = useTranslation('events');
  const { user } = useAuth();
  const { enqueueSnackbar } = useSnackbar();
  const translateMessage = useTranslateMessage();
  // Only a confirmed address sees its invitations (decision 020): no call before, and a line saying why.
  const isConfirmed = user?.emailConfirmed === true;
  const invitationsQuery = useMyInvitations(isConfirmed);
  const decline = useAnswerInvitation();
  const [declining, setDeclining] = useState<MyInvitation | null>(null);
  const invitations = invitationsQuery.data?.invitations ?? [];

  if (!isConfirmed) {
    return (
      <Alert severity="info" sx={{ mb: 3 }} data-testid="invitations-need-confirmation">
        {t('invitations.confirmFirst')}
      </Alert>
    );
  }
  if (invitationsQuery.isError) {
    return (
      <Alert severity="warning" sx={{ mb: 3 }}>
        {t('invitations.loadFailed')} {errorMessagesOf(invitationsQuery.error).map(translateMessage).join(' ')}
      </Alert>
    );
  }
  if (invitations.length === 0) return null;

  const closeDecline = () => {
    setDeclining(null);
    decline.reset();
  };

  return (
    <section aria-labelledby="invitations-title">
      <Typography variant="h5" component="h2" id="invitations-title" sx={{ mb: 1.5 }}>
        {t('invitations.title', { count: invitations.length })}
      </Typography>
      <Stack spacing={2} sx={{ mb: 4 }}>
        {invitations.map((invitation) => (
          <InvitationCard key={invitation.id} invitation={invitation} onDecline={() => setDeclining(invitation)} />
        ))}
      </Stack>
      <ConfirmDialog
        open={declining !== null}
        title={t('invitations.declineTitle')}
        message={declining ? t('invitations.declineMessage', { name: declining.event.name }) : ''}
        confirmLabel={t('invitations.decline')}
        isPending={decline.isPending}
        errorMessages={decline.isError ? errorMessagesOf(decline.error) : []}
        onConfirm={() => {
          if (!declining) return;
          const name = declining.event.name;
          // As accept: the promise, not mutate's callbacks, which are dropped should the list unmount first.
          decline.mutateAsync({ invitation: declining, answer: 'decline' }).then(
            () => {
              enqueueSnackbar(t('invitations.declined', { name }), { variant: 'success' });
              closeDecline();
            },
            () => undefined,
          );
        }}
        onClose={closeDecline}
      />
    </section>
  );
}
