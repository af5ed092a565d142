import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { paths } from '../../../config/paths';

/** General and Security are two routes; the tabs are links between them. */
export function AccountTabs() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const current = pathname.startsWith(paths.account.security.path)
    ? paths.account.security.path
    : paths.account.root.path;
  return (
    <Tabs
      value={current}
      aria-label={t('account.tabs.label')}
      variant="scrollable"
      allowScrollButtonsMobile
      sx={{ mb: 3, borderBottom: 1, borderColor: 'divider' }}
    >
      <Tab
        label={t('account.tabs.general')}
        value={paths.account.root.path}
        component={RouterLink}
        to={paths.account.root.href()}
      />
      <Tab
        label={t('account.tabs.security')}
        value={paths.account.security.path}
        component={RouterLink}
        to={paths.account.security.href()}
      />
    </Tabs>
  );
}
