import type { OfferedCoverRequest } from '@funkis/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/ui/load-error';
import { useTranslateMessage } from '../../../hooks/use-translate-message';
import { errorMessagesOf } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/toast';
import { useAcceptCoverRequest } from '../api/accept-cover-request';
import { useCoverRequests } from '../api/get-cover-requests';

/** "Saturday 14 June 10:00–12:00" in the reader's language and the event's time zone. */
function formatSpan(language: string, startsAt: string, endsAt: string, timeZone: string): string {
  const day = new Intl.DateTimeFormat(language, { timeZone, weekday: 'long', day: 'numeric', month: 'long' });
  const time = new Intl.DateTimeFormat(language, { timeZone, hour: '2-digit', minute: '2-digit' });
  const start = new Date(startsAt);
  const end = new Date(endsAt);
  return day.format(start) === day.format(end)
    ? `${day.format(start)} ${time.format(start)}–${time.format(end)}`
    : `${day.format(start)} ${time.format(start)} – ${day.format(end)} ${time.format(end)}`;
}

function CoverRequestCard({ request, isHighlighted }: { request: OfferedCoverRequest; isHighlighted: boolean }) {
  const { t, i18n } = useTranslation('cover');
  const { enqueueSnackbar } = useSnackbar();
  const translateMessage = useTranslateMessage();
  const accept = useAcceptCoverRequest();
  const titleId = `cover-request-${request.id}-title`;
  const where = [request.shift.location, request.shift.group?.name].filter(Boolean).join(' · ');
  const status =
    request.state === 'open'
      ? null
      : request.takenByMe
        ? { label: t('list.takenByYou'), color: 'success' as const }
        : request.state === 'taken'
          ? { label: t('list.taken'), color: 'default' as const }
          : { label: t('list.closed'), color: 'default' as const };
  return (
    <Card
      component="article"
      variant="outlined"
      aria-labelledby={titleId}
      data-testid={`cover-request-${request.id}`}
      sx={isHighlighted ? { borderColor: 'primary.main', borderWidth: 2 } : undefined}
    >
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h6" component="h2" id={titleId} dir="auto" sx={{ overflowWrap: 'anywhere' }}>
              {request.shift.title}
            </Typography>
            <Typography variant="body2" color="text.secondary" dir="auto">
              {request.eventName}
            </Typography>
          </Box>
          {status ? <Chip size="small" label={status.label} color={status.color} data-testid="cover-state" /> : null}
        </Stack>
        <Typography sx={{ mt: 1 }}>
          {formatSpan(i18n.language, request.shift.startsAt, request.shift.endsAt, request.timeZone)}
        </Typography>
        {where ? (
          <Typography variant="body2" dir="auto">
            {where}
          </Typography>
        ) : null}
        {accept.isError ? (
          <Alert severity="error" role="alert" sx={{ mt: 2 }}>
            {errorMessagesOf(accept.error).map(translateMessage).join(' ')}
          </Alert>
        ) : null}
      </CardContent>
      {request.state === 'open' ? (
        <CardActions sx={{ px: 2, pb: 2 }}>
          <Button
            variant="contained"
            loading={accept.isPending}
            aria-describedby={titleId}
            onClick={() =>
              accept.mutate(
                { coverRequestId: request.id, eventId: request.eventId },
                {
                  onSuccess: () =>
                    enqueueSnackbar(t('list.tookIt', { shift: request.shift.title }), { variant: 'success' }),
                },
              )
            }
          >
            {t('list.take')}
          </Button>
        </CardActions>
      ) : null}
    </Card>
  );
}

/**
 * The cover requests offered to me in every event: each open one with "Take this shift", those someone took shown as
 * taken. `highlightId` (the notice's link) comes first and is marked.
 */
export function CoverRequestsPage({ highlightId }: { highlightId?: number }) {
  const { t } = useTranslation('cover');
  const requests = useCoverRequests();
  const list = [...(requests.data?.coverRequests ?? [])].sort(
    (left, right) => Number(right.id === highlightId) - Number(left.id === highlightId),
  );
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ mb: 1 }}>
        {t('list.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('list.intro')}
      </Typography>
      {requests.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label={t('list.loading')} />
        </Box>
      ) : requests.isError ? (
        <LoadError error={requests.error} onRetry={() => void requests.refetch()} testId="cover-requests-error" />
      ) : list.length === 0 ? (
        <Alert severity="info" data-testid="cover-requests-empty">
          {t('list.empty')}
        </Alert>
      ) : (
        <Stack spacing={2} data-testid="cover-requests">
          {list.map((request) => (
            <CoverRequestCard key={request.id} request={request} isHighlighted={request.id === highlightId} />
          ))}
        </Stack>
      )}
    </>
  );
}
