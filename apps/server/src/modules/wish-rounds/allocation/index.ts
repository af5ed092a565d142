/**
 * The allocation engine's public entry (decision 034). `allocate` runs in a worker thread so that the server's
 * event loop never waits on the solver; `allocateSync` is the same work in the calling thread (tests, bench). It
 * returns a promise only because HiGHS's WebAssembly loads asynchronously the first time.
 */

import { WorkQueue } from '../../../lib/work-queue.js';
import { WorkerThread } from '../../../lib/worker-thread.js';
import type { AllocationInput, AllocationResult } from './types.js';

export { allocateSync, seededOrder } from './allocate.js';
export type * from './types.js';

/** One allocation at a time (one worker thread, one core); a few more wait their turn, then 503. */
export const allocationQueue = new WorkQueue('allocation', 1, 5);

/** worker.ts from the sources; the bundle's own allocation-worker.js beside server.js in the built server. */
const allocationThread = new WorkerThread<AllocationInput, AllocationResult>('allocation', {
  source: new URL('./worker.ts', import.meta.url),
  bundled: 'allocation-worker.js',
});

/** Runs in a worker thread (worker_threads) so the server's event loop never waits on the solver. */
export function allocate(input: AllocationInput): Promise<AllocationResult> {
  return allocationQueue.run(() => allocationThread.run(input));
}
