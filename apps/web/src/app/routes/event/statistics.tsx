import { useTranslation } from 'react-i18next';
import { EventBreadcrumbs } from '../../../components/layouts/event-breadcrumbs';
import { useEventContext } from '../../../components/layouts/event-context';
import { PageContainer } from '../../../components/ui/page-container';
import { StatisticsPage } from '../../../features/statistics/components/statistics-page';
import { useDocumentTitle } from '../../../hooks/use-document-title';

/** /event/{id}/statistics (level 0): the organiser's picture of recruitment. MUI X Charts load with this chunk only. */
export function EventStatisticsRoute() {
  const { t } = useTranslation();
  const { t: tStatistics } = useTranslation('statistics');
  const { event, eventId } = useEventContext();
  useDocumentTitle(tStatistics('title'));
  return (
    <PageContainer>
      <EventBreadcrumbs current={t('breadcrumbs.statistics')} />
      <StatisticsPage
        key={eventId}
        eventId={eventId}
        weeks={event.useWeekSeparation ? event.weekSeparationConfig : null}
      />
    </PageContainer>
  );
}
