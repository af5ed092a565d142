import type { EventDetail } from '@funkis/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';
import { ROLE_KEYS } from './role-label';

/** The event home: what the event is, when, the caller's role and group, and the screens the role opens. */
export function EventOverview({ event, eventUser }: Pick<EventDetail, 'event' | 'eventUser'>) {
  const { t, i18n } = useTranslation('events');
  const roleLevel = eventUser.role.eventRole.roleLevel;
  const group = eventUser.role.eventGroup;
  const formatDate = (day: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
  const dates =
    event.startsAt && event.endsAt
      ? t('overview.dateRange', { start: formatDate(event.startsAt), end: formatDate(event.endsAt) })
      : event.startsAt
        ? t('overview.startsOn', { date: formatDate(event.startsAt) })
        : event.endsAt
          ? t('overview.endsOn', { date: formatDate(event.endsAt) })
          : t('overview.noDates');
  const links = [
    { roles: [0, 1], label: t('menu.applications'), href: paths.event.applications.href(event.id) },
    { roles: [0, 1], label: t('menu.users'), href: paths.event.users.href(event.id) },
    { roles: [0], label: t('menu.form'), href: paths.event.form.href(event.id) },
    { roles: [0], label: t('menu.controlPanel'), href: paths.event.controlPanel.href(event.id) },
  ].filter((link) => link.roles.includes(roleLevel));

  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere' }}>
          {event.name}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
          <Chip
            size="small"
            label={t(`status.${event.status}`)}
            color={event.status === 'ongoing' ? 'success' : 'default'}
          />
          <Chip
            size="small"
            variant="outlined"
            label={event.applicationsOpen ? t('overview.applicationsOpen') : t('overview.applicationsClosed')}
          />
        </Stack>
      </Box>
      <Card variant="outlined">
        <CardContent>
          <Stack spacing={2}>
            <Box>
              <Typography variant="overline" component="h2" color="text.secondary">
                {t('overview.description')}
              </Typography>
              <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                {event.description || t('overview.noDescription')}
              </Typography>
            </Box>
            <Box>
              <Typography variant="overline" component="h2" color="text.secondary">
                {t('overview.dates')}
              </Typography>
              <Typography>{dates}</Typography>
            </Box>
            <Box>
              <Typography variant="overline" component="h2" color="text.secondary">
                {t('overview.yourRole')}
              </Typography>
              <Typography data-testid="event-role">
                {t(ROLE_KEYS[roleLevel])}
                {group ? ` · ${t('overview.group', { name: group.name })}` : ''}
              </Typography>
            </Box>
          </Stack>
        </CardContent>
      </Card>
      {links.length > 0 ? (
        <Box>
          <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('overview.quickLinks')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
            {links.map((link) => (
              <Button key={link.href} component={RouterLink} to={link.href} variant="outlined">
                {link.label}
              </Button>
            ))}
          </Stack>
        </Box>
      ) : null}
    </Stack>
  );
}
