import { UI, type User } from '@funkis/shared';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { SnackbarProvider } from 'notistack';
import { type ReactNode, useMemo } from 'react';
import { createAppTheme } from '../config/theme/create-app-theme';
import { AuthProvider } from '../lib/auth';
import { queryClient as defaultQueryClient } from '../lib/query-client';
import { SettingsProvider, useSettings } from '../lib/settings';

function AppThemeProvider({ children }: { children: ReactNode }) {
  const { settings } = useSettings();
  const theme = useMemo(() => createAppTheme(settings), [settings]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline enableColorScheme />
      {children}
    </ThemeProvider>
  );
}

interface AppProvidersProps {
  children: ReactNode;
  queryClient?: QueryClient;
  /** Tests: skip the start-up session check and start with this user (or anonymous). */
  initialUser?: User | null;
}

/** Settings → theme → server state → snackbars (at most 3, top right) → session. */
export function AppProviders({ children, queryClient = defaultQueryClient, initialUser }: AppProvidersProps) {
  return (
    <SettingsProvider>
      <AppThemeProvider>
        <QueryClientProvider client={queryClient}>
          <SnackbarProvider maxSnack={UI.MAX_SNACKBARS} anchorOrigin={{ vertical: 'top', horizontal: 'right' }}>
            <AuthProvider initialUser={initialUser}>{children}</AuthProvider>
          </SnackbarProvider>
        </QueryClientProvider>
      </AppThemeProvider>
    </SettingsProvider>
  );
}
