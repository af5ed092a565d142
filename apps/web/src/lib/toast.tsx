import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { enqueueToast, hostWanted, subscribe, wantHost } from './toast-queue';

/**
 * Snackbars without loading notistack up front (decision 017): the screens call `useSnackbar()` from
 * here, which queues a message and has the host — notistack's provider with our Toast, a chunk of its own — mounted
 * to show it. The host is also fetched a moment after the first paint, so a message rarely waits for it.
 */

/** How long after the first paint the host is fetched when no message asked for it sooner. */
const HOST_PRELOAD_MS = 1500;

/** notistack's hook shape, so a screen reads `const { enqueueSnackbar } = useSnackbar()`. */
const snackbar = { enqueueSnackbar: enqueueToast };
export function useSnackbar(): typeof snackbar {
  return snackbar;
}

const loadHost = () => import('../components/ui/toast-host');
const ToastHost = lazy(loadHost);

/** Where the snackbars live: put once in the providers. */
export function Toasts() {
  const isWanted = useSyncExternalStore(subscribe, hostWanted);
  useEffect(() => {
    // The chunk runs in a task of its own first: mounting a host already loaded is a short render, where a
    // mount that waits for the chunk is one long synchronous render on a slow phone (decision 029).
    let isCurrent = true;
    const timer = setTimeout(
      () =>
        void loadHost().then(() => {
          if (isCurrent) wantHost();
        }),
      HOST_PRELOAD_MS,
    );
    return () => {
      isCurrent = false;
      clearTimeout(timer);
    };
  }, []);
  return isWanted ? (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  ) : null;
}
