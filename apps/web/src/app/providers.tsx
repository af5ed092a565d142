import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import type { User } from '@funkis/shared';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import type { Direction } from '../config/settings';
import { createAppTheme } from '../config/theme/create-app-theme';
import { AuthProvider } from '../lib/auth';
import { queryClient as defaultQueryClient } from '../lib/query-client';
import { SettingsProvider, useSettings } from '../lib/settings';
import { Toasts } from '../lib/toast';

const ltrCache = createCache({ key: 'muiltr' });
let rtlCache: EmotionCache | null = null;
const loadRtlCache = async () => {
  rtlCache ??= (await import('../config/theme/rtl-cache')).rtlCache;
  return rtlCache;
};

/**
 * The emotion cache of the direction: right-to-left styles go through stylis-plugin-rtl, a chunk loaded only when
 * the setting is `rtl` (decision 016). Until it arrives the page keeps the left-to-right styles (no blank page).
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

interface AppProvidersProps {
  children: ReactNode;
  queryClient?: QueryClient;
  /** Tests: skip the start-up session check and start with this user (or anonymous). */
  initialUser?: User | null;
}

/** Settings → theme → server state → snackbars (at most 3, top end corner) → session. */
export function AppProviders({ children, queryClient = defaultQueryClient, initialUser }: AppProvidersProps) {
  return (
    <SettingsProvider>
      <AppThemeProvider>
        <QueryClientProvider client={queryClient}>
          <AuthProvider initialUser={initialUser}>{children}</AuthProvider>
          <Toasts />
        </QueryClientProvider>
      </AppThemeProvider>
    </SettingsProvider>
  );
}
