import ErrorOutline from '@mui/icons-material/ErrorOutline';
import Box from '@mui/material/Box';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { StatusPage } from '../../components/ui/status-page';

/**
 * The router's error element: anything a page throws while rendering or loading ends here. Deliberately bare
 * (no top bar), since the error may have come from the layout itself.
 */
export function ServerErrorRoute() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'flex', bgcolor: 'background.default' }}>
      <StatusPage
        icon={<ErrorOutline />}
        pageTitle={t('statusPages.serverError.pageTitle')}
        title={t('statusPages.serverError.title')}
        message={t('statusPages.serverError.message')}
      />
    </Box>
  );
}
