import { EventBreadcrumbs } from '../../../components/layouts/event-breadcrumbs';
import { useEventContext } from '../../../components/layouts/event-context';
import { PageContainer } from '../../../components/ui/page-container';
import { FeedPage } from '../../../features/feed/components/feed-page';
import { useDocumentTitle } from '../../../hooks/use-document-title';

/** /event/{id} — the event home: the feed (every member). */
export function EventHomeRoute() {
  const { event, eventUser } = useEventContext();
  useDocumentTitle(event.name);
  return (
    <PageContainer>
      <EventBreadcrumbs />
      <FeedPage event={event} eventUser={eventUser} />
    </PageContainer>
  );
}
