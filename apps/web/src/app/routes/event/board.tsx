import { useTranslation } from 'react-i18next';
import { EventBreadcrumbs } from '../../../components/layouts/event-breadcrumbs';
import { useEventContext } from '../../../components/layouts/event-context';
import { PageContainer } from '../../../components/ui/page-container';
import { AskForCoverButton } from '../../../features/cover/components/ask-for-cover-button';
import { BoardPage } from '../../../features/event-day/components/board-page';
import { useDocumentTitle } from '../../../hooks/use-document-title';

/**
 * /event/{id}/board (admins, group leaders): who is where on the shifts of now and the next two hours; a shift with a
 * free place, or a person who is late or did not come, can ask the group's volunteers for cover.
 */
export function EventBoardRoute() {
  const { t } = useTranslation('event-day');
  const { eventId, event } = useEventContext();
  useDocumentTitle(t('board.title'));
  return (
    <PageContainer>
      <EventBreadcrumbs current={t('board.title')} />
      <BoardPage
        key={eventId}
        eventId={eventId}
        eventName={event.name}
        timeZone={event.timeZone}
        freePlaceAction={(shift) => (
          <AskForCoverButton eventId={eventId} shift={shift} openRequest={shift.coverRequest} />
        )}
        latePlaceAction={(shift, person) => (
          <AskForCoverButton
            eventId={eventId}
            shift={shift}
            replacing={{ eventUserId: person.eventUserId, name: `${person.firstname} ${person.lastname}` }}
          />
        )}
      />
    </PageContainer>
  );
}
