import { useTranslation } from 'react-i18next';
import { EventBreadcrumbs } from '../../../components/layouts/event-breadcrumbs';
import { useEventContext } from '../../../components/layouts/event-context';
import { PageContainer } from '../../../components/ui/page-container';
import { FilesPage } from '../../../features/files/components/files-page';
import { useDocumentTitle } from '../../../hooks/use-document-title';

/** /event/{id}/files — the event's files (every member; what each sees depends on the role). */
export function EventFilesRoute() {
  const { t } = useTranslation('files');
  const { eventId, roleLevel } = useEventContext();
  useDocumentTitle(t('title'));
  return (
    <PageContainer>
      <EventBreadcrumbs current={t('title')} />
      <FilesPage eventId={eventId} roleLevel={roleLevel} />
    </PageContainer>
  );
}
