import SearchOff from '@mui/icons-material/SearchOff';
import { useTranslation } from 'react-i18next';
import { StatusPage } from './status-page';

export function NotFound() {
  const { t } = useTranslation();
  return (
    <StatusPage
      icon={<SearchOff />}
      pageTitle={t('statusPages.notFound.pageTitle')}
      title={t('statusPages.notFound.title')}
      message={t('statusPages.notFound.message')}
    />
  );
}
