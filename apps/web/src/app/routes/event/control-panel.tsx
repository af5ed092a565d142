import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EventBreadcrumbs } from '../../../components/layouts/event-breadcrumbs';
import { useEventContext } from '../../../components/layouts/event-context';
import { PageContainer } from '../../../components/ui/page-container';
import { paths } from '../../../config/paths';
import { AccessCard } from '../../../features/events/components/access-card';
import { ApplicationsOpenCard } from '../../../features/events/components/applications-open-card';
import { AuditLogCard } from '../../../features/events/components/audit-log-card';
import { EventAvatarCard } from '../../../features/events/components/event-avatar-card';
import { GroupsCard } from '../../../features/events/components/groups-card';
import { SettingsForm } from '../../../features/events/components/settings-form';
import { useDocumentTitle } from '../../../hooks/use-document-title';

/** /event/{id}/control-panel (admin): settings, avatar, applications switch, groups, access, audit log. */
export function EventControlPanelRoute() {
  const { t } = useTranslation('events');
  const { t: tCommon } = useTranslation();
  const { event, eventForm } = useEventContext();
  useDocumentTitle(t('controlPanel.pageTitle'));
  return (
    <PageContainer>
      <EventBreadcrumbs current={tCommon('breadcrumbs.controlPanel')} />
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        {t('controlPanel.title')}
      </Typography>
      <Stack spacing={3}>
        <ApplicationsOpenCard event={event}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
            <Button component={RouterLink} to={paths.event.form.href(event.id)} variant="outlined">
              {t('controlPanel.editForm')}
            </Button>
            <Button component={RouterLink} to={paths.event.applications.href(event.id)} variant="outlined">
              {t('controlPanel.viewApplications')}
            </Button>
          </Stack>
        </ApplicationsOpenCard>
        <SettingsForm key={event.id} event={event} formFields={eventForm.fields} />
        <EventAvatarCard event={event} />
        <GroupsCard eventId={event.id} />
        <AccessCard eventId={event.id} />
        <AuditLogCard eventId={event.id} timeZone={event.timeZone ?? undefined} />
      </Stack>
    </PageContainer>
  );
}
