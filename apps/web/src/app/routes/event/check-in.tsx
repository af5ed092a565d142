import { callerOf } from '@funkis/shared';
import { useTranslation } from 'react-i18next';
import { EventBreadcrumbs } from '../../../components/layouts/event-breadcrumbs';
import { useEventContext } from '../../../components/layouts/event-context';
import { PageContainer } from '../../../components/ui/page-container';
import { CheckInPage } from '../../../features/event-day/components/check-in-page';
import { useDocumentTitle } from '../../../hooks/use-document-title';

/** /event/{id}/check-in (admins, group leaders): scan or find a member and record their arrival or leaving. */
export function EventCheckInRoute() {
  const { t } = useTranslation('event-day');
  const { eventId, eventUser, event } = useEventContext();
  useDocumentTitle(t('checkIn.title'));
  return (
    <PageContainer>
      <EventBreadcrumbs current={t('checkIn.title')} />
      <CheckInPage key={eventId} eventId={eventId} caller={callerOf(eventUser)} timeZone={event.timeZone} />
    </PageContainer>
  );
}
