import { useTranslation } from 'react-i18next';
import { EventBreadcrumbs } from '../../../components/layouts/event-breadcrumbs';
import { useEventContext } from '../../../components/layouts/event-context';
import { PageContainer } from '../../../components/ui/page-container';
import { SchedulingPage } from '../../../features/scheduling/components/scheduling-page';
import { useDocumentTitle } from '../../../hooks/use-document-title';

/** /event/{eventId}/scheduling (every member): my shifts, the shifts, and for organisers the planning. */
export function EventSchedulingRoute() {
  const { t } = useTranslation();
  const { eventId, roleLevel, eventUser, event } = useEventContext();
  useDocumentTitle(t('breadcrumbs.scheduling'));
  return (
    <PageContainer>
      <EventBreadcrumbs current={t('breadcrumbs.scheduling')} />
      <SchedulingPage
        key={eventId}
        eventId={eventId}
        roleLevel={roleLevel}
        eventUserId={eventUser.id}
        groupId={eventUser.role.eventGroup?.id ?? null}
        timeZone={event.timeZone}
        eventStartsAt={event.startsAt}
      />
    </PageContainer>
  );
}
