import { useTranslation } from 'react-i18next';
import { EventBreadcrumbs } from '../../../components/layouts/event-breadcrumbs';
import { useEventContext } from '../../../components/layouts/event-context';
import { PageContainer } from '../../../components/ui/page-container';
import { BoardPage } from '../../../features/event-day/components/board-page';
import { useDocumentTitle } from '../../../hooks/use-document-title';

/** /event/{id}/board (admins, group leaders): who is where on the shifts of now and the next two hours. */
export function EventBoardRoute() {
  const { t } = useTranslation('event-day');
  const { eventId, event } = useEventContext();
  useDocumentTitle(t('board.title'));
  return (
    <PageContainer>
      <EventBreadcrumbs current={t('board.title')} />
      <BoardPage key={eventId} eventId={eventId} eventName={event.name} timeZone={event.timeZone} />
    </PageContainer>
  );
}
