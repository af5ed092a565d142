import type { CheckInInput } from '@funkis/shared';
import { isApiError } from '../../lib/api-client';
import { CHECK_IN_QUEUE_KEY } from '../../lib/offline-user';

/**
 * Check-ins made without a connection (decision 028): kept in localStorage in the order they were made, each with
 * the time of the scan and a random clientId, and sent in that order when the phone is back online. The server
 * answers a clientId it already has with 200 and the same check-in, so a replay that was cut off half-way and sent
 * again counts every scan once.
 */
export interface QueuedCheckIn {
  eventId: number;
  input: CheckInInput & { at: string; clientId: string };
  /** The person's name (or "a scanned code"), for the waiting note. */
  label: string;
}

/** Its key is kept in lib/offline-user.ts: signing out removes the queue with the rest of the person's data. */
export const QUEUE_STORAGE_KEY = CHECK_IN_QUEUE_KEY;

type Listener = () => void;
const listeners = new Set<Listener>();
const notify = () => {
  for (const listener of listeners) listener();
};

/** Called when the queue changes (here or in another tab). */
export function subscribeToQueue(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === QUEUE_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

let cachedText: string | null = null;
let cachedQueue: QueuedCheckIn[] = [];

/** The waiting check-ins, oldest first (the same array until it changes, for useSyncExternalStore). */
export function readQueue(): QueuedCheckIn[] {
  let text: string | null = null;
  try {
    text = window.localStorage.getItem(QUEUE_STORAGE_KEY);
  } catch {
    return [];
  }
  if (text === cachedText) return cachedQueue;
  cachedText = text;
  try {
    const parsed = JSON.parse(text ?? '[]') as unknown;
    cachedQueue = Array.isArray(parsed) ? (parsed as QueuedCheckIn[]) : [];
  } catch {
    cachedQueue = [];
  }
  return cachedQueue;
}

function writeQueue(queue: QueuedCheckIn[]): void {
  try {
    if (queue.length === 0) window.localStorage.removeItem(QUEUE_STORAGE_KEY);
    else window.localStorage.setItem(QUEUE_STORAGE_KEY, JSON.stringify(queue));
  } catch {
    // Blocked or full storage: nothing more can be kept on this phone.
  }
  notify();
}

export function enqueueCheckIn(item: QueuedCheckIn): void {
  writeQueue([...readQueue(), item]);
}

/** A random id for one scan (letters, digits, - and _, as the contract asks). */
export function newClientId(): string {
  if (typeof crypto !== 'undefined' && typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
}

export interface ReplayResult {
  sent: QueuedCheckIn[];
  /** Refused by the server (a code replaced since, a scan too old): dropped, with why. */
  refused: { item: QueuedCheckIn; error: unknown }[];
  /** Still waiting: the connection went away again. */
  waiting: number;
}

let running: Promise<ReplayResult> | null = null;

/**
 * Sends the waiting check-ins one after another, oldest first, removing each once the server has it (a 200 for a
 * clientId it knew counts as sent). Stops at the first request that does not reach the server and keeps the rest.
 * A replay asked for while one runs (the `online` event and the page opening at once) joins it: each is sent once.
 */
export function replayQueue(send: (item: QueuedCheckIn) => Promise<unknown>): Promise<ReplayResult> {
  if (running) return running;
  const run = sendInOrder(send);
  running = run;
  const done = () => {
    if (running === run) running = null;
  };
  void run.then(done, done);
  return run;
}

async function sendInOrder(send: (item: QueuedCheckIn) => Promise<unknown>): Promise<ReplayResult> {
  const result: ReplayResult = { sent: [], refused: [], waiting: 0 };
  for (;;) {
    const [item] = readQueue();
    if (!item) break;
    try {
      await send(item);
      result.sent.push(item);
    } catch (error) {
      // Kept for later: no connection or an overloaded server. (A session that ran out signs the person out, which
      // removes the queue: lib/offline-user.ts.)
      if (!isApiError(error) || [0, 401, 503].includes(error.status)) break;
      result.refused.push({ item, error });
    }
    // Removed by its id, not by position: another tab may have changed the queue meanwhile.
    writeQueue(readQueue().filter((queued) => queued.input.clientId !== item.input.clientId));
  }
  result.waiting = readQueue().length;
  return result;
}
