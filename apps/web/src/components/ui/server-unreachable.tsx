import CloudOff from '@mui/icons-material/CloudOff';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Container from '@mui/material/Container';
import Typography from '@mui/material/Typography';
import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { API_BASE_URL } from '../../config/settings';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { isServerReachable, onReachabilityChange, reportReachable } from '../../lib/api-client';

/** How often the readiness check is asked while the server cannot be reached. */
export const RETRY_INTERVAL_MS = 3_000;

/** Asks the server's readiness check; true when it answers 200 (it and its database are back). */
async function isReady(): Promise<boolean> {
  try {
    const response = await fetch(`${API_BASE_URL}/health/ready`, { credentials: 'same-origin' });
    return response.ok;
  } catch {
    return false;
  }
}

/**
 * Whether the server can be reached, as the API client last saw it. While it cannot, the readiness check is
 * asked every few seconds; when it answers, every request counts as reachable again.
 */
export function useServerReachable(): boolean {
  const [reachable, setReachable] = useState(isServerReachable);
  const isOnline = useSyncExternalStore(
    (listener) => onlineManager.subscribe(listener),
    () => onlineManager.isOnline(),
  );
  useEffect(() => onReachabilityChange(setReachable), []);
  useEffect(() => {
    if (reachable) return;
    let stopped = false;
    const timer = setInterval(async () => {
      if (!stopped && (await isReady())) reportReachable(true);
    }, RETRY_INTERVAL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [reachable]);
  return reachable && isOnline;
}

/**
 * When the oldest answer on screen was fetched, for "Offline – last updated 14:02": the screen's queries that hold
 * data (kept from an earlier visit or fetched before the signal went). Null when the screen shows nothing kept.
 */
function useOldestAnswerOnScreen(): number | null {
  const queryClient = useQueryClient();
  let oldest: number | null = null;
  for (const query of queryClient.getQueryCache().getAll()) {
    if (query.getObserversCount() === 0 || query.state.data === undefined) continue;
    const updatedAt = query.state.dataUpdatedAt;
    if (updatedAt > 0 && (oldest === null || updatedAt < oldest)) oldest = updatedAt;
  }
  return oldest;
}

/**
 * A banner over every page while the server cannot be reached: "Cannot reach the server. Retrying…". When it is
 * back, the queries on screen are fetched again.
 */
export function ServerUnreachableBanner() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const reachable = useServerReachable();
  const oldest = useOldestAnswerOnScreen();
  const [wasUnreachable, setWasUnreachable] = useState(false);
  useEffect(() => {
    if (!reachable) setWasUnreachable(true);
    else if (wasUnreachable) {
      setWasUnreachable(false);
      void queryClient.refetchQueries({ type: 'active' });
    }
  }, [reachable, wasUnreachable, queryClient]);
  if (reachable) return null;
  // No signal and the page shows what was kept or fetched before: say since when, and that changes must wait. With
  // signal but no server, "retrying" is the truer word (and the page's own answers still show).
  const kept = oldest !== null && !onlineManager.isOnline();
  const time = kept
    ? new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' }).format(oldest)
    : '';
  return (
    <Box
      sx={{ position: 'fixed', left: 0, right: 0, bottom: 16, zIndex: 'snackbar', display: 'flex', px: 2 }}
      data-testid="server-unreachable"
    >
      <Alert
        severity={kept ? 'info' : 'warning'}
        role={kept ? 'status' : 'alert'}
        icon={
          kept ? <CloudOff fontSize="small" aria-hidden /> : <CircularProgress size={20} color="inherit" aria-hidden />
        }
        sx={{ mx: 'auto', maxWidth: 560, width: '100%' }}
      >
        <AlertTitle>{kept ? t('connection.offlineTitle', { time }) : t('connection.unreachableTitle')}</AlertTitle>
        {kept ? t('connection.offlineMessage') : t('connection.retrying')}
      </Alert>
    </Box>
  );
}

/**
 * A whole page for a screen that could not load because the server was out of reach (instead of the 500 page):
 * it retries by itself and calls `onRecovered` when the server answers again.
 */
export function ServerUnreachablePage({ onRecovered }: { onRecovered: () => void }) {
  const { t } = useTranslation();
  useDocumentTitle(t('connection.unreachableTitle'));
  useEffect(() => {
    let stopped = false;
    const timer = setInterval(async () => {
      if (stopped || !(await isReady())) return;
      stopped = true;
      clearInterval(timer);
      reportReachable(true);
      onRecovered();
    }, RETRY_INTERVAL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [onRecovered]);
  return (
    <Box component="section" sx={{ display: 'flex', alignItems: 'center', flexGrow: 1, minHeight: '60vh', py: 8 }}>
      <Container maxWidth="sm" sx={{ textAlign: 'center' }}>
        <Box sx={{ mb: 2, color: 'text.secondary', '& svg': { fontSize: 64 } }}>
          <CloudOff />
        </Box>
        <Typography variant="h3" component="h1" gutterBottom>
          {t('connection.unreachableTitle')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {t('connection.pageMessage')}
        </Typography>
        <Box role="status" sx={{ display: 'inline-flex', alignItems: 'center', gap: 1, color: 'text.secondary' }}>
          <CircularProgress size={18} color="inherit" aria-hidden />
          {t('connection.retrying')}
        </Box>
      </Container>
    </Box>
  );
}
