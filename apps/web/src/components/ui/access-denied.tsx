import LockOutlined from '@mui/icons-material/LockOutlined';
import { useTranslation } from 'react-i18next';
import { StatusPage } from './status-page';

/** Shown when the user lacks the role for a page or the event cannot be loaded for them (spec sections 2 and 8). */
export function AccessDenied() {
  const { t } = useTranslation();
  return (
    <StatusPage
      icon={<LockOutlined />}
      pageTitle={t('statusPages.accessDenied.pageTitle')}
      title={t('statusPages.accessDenied.title')}
      message={t('statusPages.accessDenied.message')}
    />
  );
}
