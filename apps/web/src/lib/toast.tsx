import type { OptionsObject } from 'notistack';
import { lazy, type ReactNode, Suspense, useEffect, useSyncExternalStore } from 'react';

/**
 * Snackbars without loading notistack up front (issue 12, decision 019): the screens call `useSnackbar()` from
 * here, which queues a message and has the host — notistack's provider with our Toast, a chunk of its own — mounted
 * to show it. The host is also fetched a moment after the first paint, so a message rarely waits for it.
 */
/** notistack's options (a type only: nothing of notistack is loaded by this module). */
export type ToastOptions = OptionsObject;
export type ShowToast = (message: ReactNode, options?: ToastOptions) => void;

/** How long after the first paint the host is fetched when no message asked for it sooner. */
const HOST_PRELOAD_MS = 1500;

let show: ShowToast | null = null;
const waiting: [ReactNode, ToastOptions | undefined][] = [];
let isHostWanted = false;
const listeners = new Set<() => void>();

function wantHost() {
  if (isHostWanted) return;
  isHostWanted = true;
  for (const listener of listeners) listener();
}

/** Shows a message now, or as soon as the host is there (in order). */
export function enqueueToast(message: ReactNode, options?: ToastOptions): void {
  if (show) {
    show(message, options);
    return;
  }
  waiting.push([message, options]);
  wantHost();
}

/** notistack's hook shape, so a screen reads `const { enqueueSnackbar } = useSnackbar()`. */
const snackbar = { enqueueSnackbar: enqueueToast };
export function useSnackbar(): typeof snackbar {
  return snackbar;
}

/** The host calls this once mounted (and with null when it goes): queued messages are shown in order. */
export function attachToastHost(next: ShowToast | null): void {
  show = next;
  if (next) for (const [message, options] of waiting.splice(0)) next(message, options);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const ToastHost = lazy(() => import('../components/ui/toast-host'));

/** Where the snackbars live: put once in the providers. */
export function Toasts() {
  const hostWanted = useSyncExternalStore(subscribe, () => isHostWanted);
  useEffect(() => {
    const timer = setTimeout(wantHost, HOST_PRELOAD_MS);
    return () => clearTimeout(timer);
  }, []);
  return hostWanted ? (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  ) : null;
}
