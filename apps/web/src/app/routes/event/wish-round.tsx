import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EventBreadcrumbs } from '../../../components/layouts/event-breadcrumbs';
import { useEventContext } from '../../../components/layouts/event-context';
import { NotFound } from '../../../components/ui/not-found';
import { PageContainer } from '../../../components/ui/page-container';
import { paths } from '../../../config/paths';
import { WishRoundPage } from '../../../features/scheduling/components/wish-rounds/wish-round-page';
import { useDocumentTitle } from '../../../hooks/use-document-title';

/** /event/{id}/wish-rounds/{roundId} (every member in the round's scope): wishes, result, or allocation. */
export function EventWishRoundRoute() {
  const { t } = useTranslation('wish-rounds');
  const { eventId, roleLevel, event } = useEventContext();
  const roundId = Number(useParams().roundId);
  useDocumentTitle(t('round.title'));
  if (!Number.isSafeInteger(roundId) || roundId <= 0) return <NotFound />;
  return (
    <PageContainer>
      <EventBreadcrumbs
        current={t('round.title')}
        parents={[{ label: t('list.title'), href: paths.event.wishRounds.href(eventId) }]}
      />
      <WishRoundPage
        key={roundId}
        eventId={eventId}
        roundId={roundId}
        roleLevel={roleLevel}
        timeZone={event.timeZone}
      />
    </PageContainer>
  );
}
