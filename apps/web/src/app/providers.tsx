import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { UI, type User } from '@funkis/shared';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { Toast } from '../components/ui/toast';
import type { Direction } from '../config/settings';
import { createAppTheme } from '../config/theme/create-app-theme';
import { AuthProvider } from '../lib/auth';
import { queryClient as defaultQueryClient } from '../lib/query-client';
import { SettingsProvider, useSettings } from '../lib/settings';

const ltrCache = createCache({ key: 'muiltr' });
let rtlCache: EmotionCache | null = null;
const loadRtlCache = async () => {
  rtlCache ??= (await import('../config/theme/rtl-cache')).rtlCache;
  return rtlCache;
};

/**
 * The emotion cache of the direction: right-to-left styles go through stylis-plugin-rtl, a chunk loaded only when
 * the setting is `rtl` (decision 018). Until it arrives the page keeps the left-to-right styles (no blank page).
 */
function useDirectionCache(direction: Direction): EmotionCache {
  const [loaded, setLoaded] = useState<EmotionCache | null>(rtlCache);
  useEffect(() => {
    if (direction !== 'rtl' || loaded) return;
    let isCurrent = true;
    void loadRtlCache().then((cache) => {
      if (isCurrent) setLoaded(cache);
    });
    return () => {
      isCurrent = false;
    };
  }, [direction, loaded]);
  return direction === 'rtl' && loaded ? loaded : ltrCache;
}

function AppThemeProvider({ children }: { children: ReactNode }) {
  const { settings } = useSettings();
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)', { noSsr: true });
  const theme = useMemo(() => createAppTheme(settings, { reducedMotion }), [settings, reducedMotion]);
  const cache = useDirectionCache(settings.direction);
  return (
    <CacheProvider value={cache}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
}

/** Snackbars are announced: successes and information politely (role=status), errors at once (role=alert). */
const TOASTS = { default: Toast, success: Toast, info: Toast, warning: Toast, error: Toast };

interface AppProvidersProps {
  children: ReactNode;
  queryClient?: QueryClient;
  /** Tests: skip the start-up session check and start with this user (or anonymous). */
  initialUser?: User | null;
}

/** Snackbars at the top end corner: right, or left when the direction setting is right-to-left. */
function Snackbars({ children }: { children: ReactNode }) {
  const { settings } = useSettings();
  return (
    <SnackbarProvider
      maxSnack={UI.MAX_SNACKBARS}
      anchorOrigin={{ vertical: 'top', horizontal: settings.direction === 'rtl' ? 'left' : 'right' }}
      Components={TOASTS}
    >
      {children}
    </SnackbarProvider>
  );
}

/** Settings → theme → server state → snackbars (at most 3, top end corner) → session. */
export function AppProviders({ children, queryClient = defaultQueryClient, initialUser }: AppProvidersProps) {
  return (
    <SettingsProvider>
      <AppThemeProvider>
        <QueryClientProvider client={queryClient}>
          <Snackbars>
            <AuthProvider initialUser={initialUser}>{children}</AuthProvider>
          </Snackbars>
        </QueryClientProvider>
      </AppThemeProvider>
    </SettingsProvider>
  );
}
