import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { Breadcrumbs } from '../../components/ui/breadcrumbs';
import { PageContainer } from '../../components/ui/page-container';
import { paths } from '../../config/paths';
import { CoverRequestsPage } from '../../features/cover/components/cover-requests-page';
import { useDocumentTitle } from '../../hooks/use-document-title';

/** /cover-requests and /cover-requests/{id} (the notice's link): the shifts I was asked to cover. */
export function CoverRequestsRoute() {
  const { t } = useTranslation('cover');
  const { t: tShell } = useTranslation();
  const { coverRequestId } = useParams();
  useDocumentTitle(t('list.title'));
  const highlightId = coverRequestId && /^\d+$/.test(coverRequestId) ? Number(coverRequestId) : undefined;
  return (
    <PageContainer>
      <Breadcrumbs
        items={[{ label: tShell('breadcrumbs.home'), href: paths.home.href() }, { label: t('list.title') }]}
      />
      <CoverRequestsPage highlightId={highlightId} />
    </PageContainer>
  );
}
