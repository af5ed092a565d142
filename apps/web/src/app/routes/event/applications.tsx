import { useTranslation } from 'react-i18next';
import { EventBreadcrumbs } from '../../../components/layouts/event-breadcrumbs';
import { useEventContext } from '../../../components/layouts/event-context';
import { PageContainer } from '../../../components/ui/page-container';
import { ApplicationsPage } from '../../../features/applications/components/applications-page';
import { useDocumentTitle } from '../../../hooks/use-document-title';

/** /event/{id}/applications (levels 0 and 1): the applications review with its group summary. */
export function EventApplicationsRoute() {
  const { t } = useTranslation();
  const { t: tApplications } = useTranslation('applications');
  const { event, eventUser, eventForm, eventId } = useEventContext();
  useDocumentTitle(tApplications('title'));

  return (
    <PageContainer>
      <EventBreadcrumbs current={t('breadcrumbs.applications')} />
      <ApplicationsPage key={eventId} eventId={eventId} eventDetail={{ event, eventUser, eventForm }} />
    </PageContainer>
  );
}
