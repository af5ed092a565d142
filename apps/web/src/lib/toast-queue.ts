import type { OptionsObject } from 'notistack';
import type { ReactNode } from 'react';

/**
 * The snackbar queue (decision 017): screens enqueue through lib/toast.tsx, the host (components/ui/toast-host.tsx,
 * a chunk of its own with notistack) attaches itself when mounted. Nothing here loads notistack.
 */

/** notistack's options (a type only). */
export type ToastOptions = OptionsObject;
export type ShowToast = (message: ReactNode, options?: ToastOptions) => void;

let show: ShowToast | null = null;
const waiting: [ReactNode, ToastOptions | undefined][] = [];
let isHostWanted = false;
const listeners = new Set<() => void>();

/** Asks for the host to be mounted (the first message, or the preload after the first paint). */
export function wantHost() {
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

/** The host calls this once mounted (and with null when it goes): queued messages are shown in order. */
export function attachToastHost(next: ShowToast | null): void {
  show = next;
  if (next) for (const [message, options] of waiting.splice(0)) next(message, options);
}

/** For useSyncExternalStore: whether the host is wanted yet. */
export const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
export const hostWanted = () => isHostWanted;
