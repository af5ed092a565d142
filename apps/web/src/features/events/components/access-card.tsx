import type { AccessPerson } from '@funkis/shared';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import CircularProgress from '@mui/material/CircularProgress';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FormErrorList } from '../../../components/ui/form-error-list';
import { paths } from '../../../config/paths';
import { errorMessagesOf } from '../../../lib/api-client';
import { useAccess } from '../api/get-access';

function PeopleList({
  title,
  people,
  total,
  usersHref,
}: {
  title: string;
  people: AccessPerson[];
  total: number;
  /** The users table filtered to this role: every one of them, searchable and paged. */
  usersHref: string;
}) {
  const { t } = useTranslation('events');
  return (
    <Box component="section" aria-label={title}>
      <Typography variant="subtitle1" component="h3">
        {title}
      </Typography>
      {people.length === 0 ? (
        <Typography color="text.secondary">{t('access.nobody')}</Typography>
      ) : (
        <List dense disablePadding>
          {people.map((person) => (
            <ListItem key={person.id} disableGutters>
              <ListItemText
                primary={`${person.firstname} ${person.lastname}`}
                secondary={person.group ? `${person.email} · ${person.group.name}` : person.email}
                slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
              />
            </ListItem>
          ))}
        </List>
      )}
      {total > people.length ? (
        <Link component={RouterLink} to={usersHref} variant="body2">
          {t('access.seeAll', { count: total, more: total - people.length })}
        </Link>
      ) : null}
    </Box>
  );
}

/** Who has which access: admins, group leaders and volunteers (spec section 3). */
export function AccessCard({ eventId }: { eventId: number }) {
  const { t } = useTranslation('events');
  const accessQuery = useAccess(eventId);
  const data = accessQuery.data;
  return (
    <Card variant="outlined">
      <CardHeader title={t('access.title')} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent>
        {accessQuery.isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
            <CircularProgress aria-label={t('common.loading')} />
          </Box>
        ) : accessQuery.isError || !data ? (
          <FormErrorList messages={errorMessagesOf(accessQuery.error)} />
        ) : (
          <Grid container spacing={2}>
            <Grid size={{ xs: 12, md: 4 }}>
              <PeopleList
                title={t('access.admins', { count: data.totals.admins })}
                people={data.admins}
                total={data.totals.admins}
                usersHref={`${paths.event.users.href(eventId)}?roleLevel=0`}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <PeopleList
                title={t('access.groupLeaders', { count: data.totals.groupLeaders })}
                people={data.groupLeaders}
                total={data.totals.groupLeaders}
                usersHref={`${paths.event.users.href(eventId)}?roleLevel=1`}
              />
            </Grid>
            <Grid size={{ xs: 12, md: 4 }}>
              <PeopleList
                title={t('access.volunteers', { count: data.totals.volunteers })}
                people={data.volunteers}
                total={data.totals.volunteers}
                usersHref={`${paths.event.users.href(eventId)}?roleLevel=2`}
              />
            </Grid>
          </Grid>
        )}
      </CardContent>
    </Card>
  );
}
