import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Breadcrumbs } from '../../../components/ui/breadcrumbs';
import { PageContainer } from '../../../components/ui/page-container';
import { paths } from '../../../config/paths';
import { useEvent } from '../../../features/applications/api/get-event';
import { ApplicationsPage } from '../../../features/applications/components/applications-page';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { errorMessagesOf } from '../../../lib/api-client';

/** /event/{id}/applications (levels 0 and 1): the applications review with its group summary. */
export function EventApplicationsRoute() {
  const { t } = useTranslation();
  const { t: tApplications } = useTranslation('applications');
  const { eventId = '' } = useParams();
  const event = useEvent(eventId);
  useDocumentTitle(tApplications('title'));

  return (
    <PageContainer>
      <Breadcrumbs
        items={[
          { label: t('breadcrumbs.home'), href: paths.home.href() },
          { label: event.data?.event.name ?? t('breadcrumbs.eventName'), href: paths.event.root.href(eventId) },
          { label: t('breadcrumbs.applications') },
        ]}
      />
      {event.isPending && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label={t('app.loading')} />
        </Box>
      )}
      {event.isError && <Alert severity="error">{errorMessagesOf(event.error).join(' ')}</Alert>}
      {event.data && <ApplicationsPage key={eventId} eventId={eventId} eventDetail={event.data} />}
    </PageContainer>
  );
}
