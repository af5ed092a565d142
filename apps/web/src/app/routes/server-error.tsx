import ErrorOutline from '@mui/icons-material/ErrorOutline';
import Box from '@mui/material/Box';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRevalidator, useRouteError } from 'react-router';
import { ServerUnreachablePage } from '../../components/ui/server-unreachable';
import { StatusPage } from '../../components/ui/status-page';
import { isUnreachableError } from '../../lib/api-client';

/** A screen's code that could not be downloaded (the server was away) fails with one of these. */
const CHUNK_LOAD_FAILED = /dynamically imported module|Importing a module script failed|error loading dynamically/i;

function isUnreachable(error: unknown): boolean {
  return isUnreachableError(error) || (error instanceof Error && CHUNK_LOAD_FAILED.test(error.message));
}

/**
 * The router's error element: anything a page throws while rendering or loading ends here. Deliberately bare
 * (no top bar), since the error may have come from the layout itself.
 */
export function ServerErrorRoute() {
  const { t } = useTranslation();
  const error = useRouteError();
  const revalidator = useRevalidator();
  const unreachable = isUnreachable(error);
  useEffect(() => {
    if (!unreachable) console.error(error);
  }, [error, unreachable]);
  // Revalidating clears the router's error, so the screen renders (and loads its code) again.
  const retry = useCallback(() => void revalidator.revalidate(), [revalidator]);
  if (unreachable) {
    return (
      <Box component="main" sx={{ minHeight: '100vh', display: 'flex', bgcolor: 'background.default' }}>
        <ServerUnreachablePage onRecovered={retry} />
      </Box>
    );
  }
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
