import { onlineManager, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client';

/** A client error (4xx) will not change on retry; network and server errors get two more tries. */
const shouldRetry = (failureCount: number, error: unknown) => {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
};

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      // A change tried without signal fails at once with "You are offline" instead of waiting unseen.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}

export const queryClient = createQueryClient();

// TanStack Query hears of the network only by the 'online' and 'offline' events: an app opened without signal
// starts offline, so its queries wait with what was kept instead of failing.
if (typeof navigator !== 'undefined') onlineManager.setOnline(navigator.onLine);
