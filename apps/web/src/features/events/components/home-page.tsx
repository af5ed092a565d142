import type { EventSummary } from '@funkis/shared';
import AddOutlined from '@mui/icons-material/AddOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Breadcrumbs } from '../../../components/ui/breadcrumbs';
import { LoadError } from '../../../components/ui/load-error';
import { paths } from '../../../config/paths';
import { useEvents } from '../api/get-events';
import { InvitationsList } from './invitations-list';
import { ROLE_KEYS } from './role-label';

// The dialog's form validates with the shared zod schema: a chunk fetched when the button is pointed at, focused or
// pressed, so the home page does not load zod (decision 017).
const loadCreateEventDialog = () => import('./create-event-dialog');
const CreateEventDialog = lazy(async () => ({ default: (await loadCreateEventDialog()).CreateEventDialog }));

/** Members go to the event; others to its apply page (the list holds only events they may apply to or did). */
const eventHref = (event: EventSummary) =>
  event.roleLevel === null ? paths.event.apply.href(event.id) : paths.event.root.href(event.id);

function EventCard({ event }: { event: EventSummary }) {
  const { t } = useTranslation('events');
  const relation =
    event.roleLevel !== null
      ? t(ROLE_KEYS[event.roleLevel])
      : event.applicationStatus
        ? t('home.applicationStatus', { status: t(`applicationStatus.${event.applicationStatus}`) })
        : t('home.openForApplication');
  return (
    <Card variant="outlined" sx={{ height: '100%' }} data-testid="event-card">
      <CardActionArea component={RouterLink} to={eventHref(event)} sx={{ height: '100%' }}>
        <CardContent>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', minWidth: 0 }}>
            <Avatar src={event.avatarUrl ?? undefined} alt="" sx={{ width: 48, height: 48 }}>
              {event.name.charAt(0).toUpperCase()}
            </Avatar>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="h6" component="h3" dir="auto" sx={{ overflowWrap: 'anywhere' }}>
                {event.name}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {relation}
              </Typography>
            </Box>
          </Stack>
          <Stack direction="row" spacing={1} sx={{ mt: 2, flexWrap: 'wrap', rowGap: 1 }}>
            <Chip
              size="small"
              label={t(`status.${event.status}`)}
              color={event.status === 'ongoing' ? 'success' : 'default'}
            />
            {event.applicationsOpen ? (
              <Chip size="small" variant="outlined" color="primary" label={t('home.applicationsOpen')} />
            ) : null}
          </Stack>
        </CardContent>
      </CardActionArea>
    </Card>
  );
}

/** / — the user's invitations to answer, their events with their role, and events open for application; create an event. */
export function HomePage() {
  const { t } = useTranslation('events');
  const { t: tCommon } = useTranslation();
  const [isCreateOpen, setIsCreateOpen] = useState(false);
  const [hasOpenedCreate, setHasOpenedCreate] = useState(false);
  const eventsQuery = useEvents();
  const events = eventsQuery.data?.events ?? [];

  // Lead with what the person takes part in (their events, their applications), then what they could join.
  const ownEvents = events.filter((event) => event.roleLevel !== null || event.applicationStatus !== null);
  const openEvents = events.filter((event) => event.roleLevel === null && event.applicationStatus === null);
  const eventGrid = (list: EventSummary[]) => (
    <Grid container spacing={2}>
      {list.map((event) => (
        <Grid key={event.id} size={{ xs: 12, sm: 6, md: 4 }}>
          <EventCard event={event} />
        </Grid>
      ))}
    </Grid>
  );

  return (
    <>
      <Breadcrumbs items={[{ label: tCommon('breadcrumbs.home') }]} />
      <Stack
        direction="row"
        spacing={2}
        useFlexGap
        sx={{ mb: 3, justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap' }}
      >
        <Typography variant="h4" component="h1">
          {t('home.title')}
        </Typography>
        {/* Secondary: most people here volunteer or apply; organisers create an event once. */}
        <Button
          variant="outlined"
          startIcon={<AddOutlined />}
          onPointerEnter={() => void loadCreateEventDialog()}
          onFocus={() => void loadCreateEventDialog()}
          onClick={() => {
            setHasOpenedCreate(true);
            setIsCreateOpen(true);
          }}
        >
          {t('create.open')}
        </Button>
      </Stack>

      <InvitationsList />

      {eventsQuery.isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label={t('common.loading')} />
        </Box>
      ) : eventsQuery.isError ? (
        <LoadError error={eventsQuery.error} onRetry={() => void eventsQuery.refetch()} />
      ) : events.length === 0 ? (
        <Card variant="outlined">
          <CardContent>
            <Box sx={{ textAlign: 'center', py: 6 }}>
              <EventOutlined sx={{ fontSize: 48, color: 'text.secondary', mb: 1 }} aria-hidden />
              <Typography variant="h6" component="h2">
                {t('home.emptyTitle')}
              </Typography>
              <Typography color="text.secondary">{t('home.emptyMessage')}</Typography>
            </Box>
          </CardContent>
        </Card>
      ) : (
        <Stack spacing={4}>
          {ownEvents.length > 0 ? (
            <section aria-labelledby="own-events-title" data-testid="own-events">
              <Typography variant="h5" component="h2" id="own-events-title" sx={{ mb: 1.5 }}>
                {t('home.ownEvents')}
              </Typography>
              {eventGrid(ownEvents)}
            </section>
          ) : null}
          {openEvents.length > 0 ? (
            <section aria-labelledby="open-events-title" data-testid="open-events">
              <Typography variant="h5" component="h2" id="open-events-title" sx={{ mb: 1.5 }}>
                {t('home.openEvents')}
              </Typography>
              {eventGrid(openEvents)}
            </section>
          ) : null}
        </Stack>
      )}
      {eventsQuery.isError ? null : eventsQuery.data && eventsQuery.data.total > events.length ? (
        <Alert severity="info" sx={{ mt: 2 }}>
          {t('home.more', { shown: events.length, total: eventsQuery.data.total })}
        </Alert>
      ) : null}
      {hasOpenedCreate && (
        <Suspense fallback={null}>
          <CreateEventDialog open={isCreateOpen} onClose={() => setIsCreateOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
