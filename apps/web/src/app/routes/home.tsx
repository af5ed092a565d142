import { useTranslation } from 'react-i18next';
import { PageContainer } from '../../components/ui/page-container';
import { HomePage } from '../../features/events/components/home-page';
import { useDocumentTitle } from '../../hooks/use-document-title';

/** / — the events home. */
export function HomeRoute() {
  const { t } = useTranslation('events');
  useDocumentTitle(t('home.pageTitle'));
  return (
    <PageContainer>
      <HomePage />
    </PageContainer>
  );
}
