import { EventBreadcrumbs } from '../../../components/layouts/event-breadcrumbs';
import { useEventContext } from '../../../components/layouts/event-context';
import { PageContainer } from '../../../components/ui/page-container';
import { EventOverview } from '../../../features/events/components/event-overview';
import { useDocumentTitle } from '../../../hooks/use-document-title';

/** /event/{id} — the event home (every member). */
export function EventHomeRoute() {
  const { event, eventUser } = useEventContext();
  useDocumentTitle(event.name);
  return (
    <PageContainer>
      <EventBreadcrumbs />
      <EventOverview event={event} eventUser={eventUser} />
    </PageContainer>
  );
}
