import { useTranslation } from 'react-i18next';
import { EventBreadcrumbs } from '../../../components/layouts/event-breadcrumbs';
import { useEventContext } from '../../../components/layouts/event-context';
import { PageContainer } from '../../../components/ui/page-container';
import { MyCodePage } from '../../../features/event-day/components/my-code-page';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useAuth } from '../../../lib/auth';

/** /event/{id}/my-code (every member): the member's QR code for the event day. */
export function EventMyCodeRoute() {
  const { t } = useTranslation('event-day');
  const { eventId, event } = useEventContext();
  const { user } = useAuth();
  useDocumentTitle(t('myCode.title'));
  return (
    <PageContainer>
      <EventBreadcrumbs current={t('myCode.title')} />
      <MyCodePage
        key={eventId}
        eventId={eventId}
        eventName={event.name}
        personName={user ? `${user.firstname} ${user.lastname}` : ''}
      />
    </PageContainer>
  );
}
