import { useTranslation } from 'react-i18next';
import { EventBreadcrumbs } from '../../../components/layouts/event-breadcrumbs';
import { useEventContext } from '../../../components/layouts/event-context';
import { PageContainer } from '../../../components/ui/page-container';
import { WishRoundsPage } from '../../../features/scheduling/components/wish-rounds/wish-rounds-page';
import { useDocumentTitle } from '../../../hooks/use-document-title';

/** /event/{id}/wish-rounds (every member): the wish rounds, opened by organisers, where volunteers wish for shifts. */
export function EventWishRoundsRoute() {
  const { t } = useTranslation('wish-rounds');
  const { eventId, roleLevel, eventUser, event } = useEventContext();
  useDocumentTitle(t('list.title'));
  return (
    <PageContainer>
      <EventBreadcrumbs current={t('list.title')} />
      <WishRoundsPage
        key={eventId}
        eventId={eventId}
        roleLevel={roleLevel}
        groupId={eventUser.role.eventGroup?.id ?? null}
        timeZone={event.timeZone}
      />
    </PageContainer>
  );
}
