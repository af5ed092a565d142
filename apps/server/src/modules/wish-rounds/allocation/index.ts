/**
 * The allocation engine's public entry (decision 034). `allocate` runs in a worker thread so that the server's
 * event loop never waits on the solver; `allocateSync` is the same work in the calling thread (tests, bench). It
 * returns a promise only because HiGHS's WebAssembly loads asynchronously the first time.
 */

import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { WorkQueue } from '../../../lib/work-queue.js';
import type { AllocationInput, AllocationResult } from './types.js';

export { allocateSync, seededOrder } from './allocate.js';
export type * from './types.js';

/** One allocation at a time (one worker thread, one core); a few more wait their turn, then 503. */
export const allocationQueue = new WorkQueue('allocation', 1, 5);

/** From the sources, the worker loads worker.ts through tsx's API (worker threads do not inherit its hooks). */
const FROM_SOURCES = `
const { workerData } = require('node:worker_threads');
import(workerData.tsx).then((tsx) => tsx.tsImport(workerData.worker, workerData.worker));
`;

let worker: Worker | null = null;
let nextJob = 0;
const pending = new Map<number, { resolve: (result: AllocationResult) => void; reject: (error: Error) => void }>();

/**
 * The worker, started on the first allocation and kept (unref'd while idle: it never holds the process open). From the
 * sources (tsx in dev, vitest) it is worker.ts loaded through tsx; in the built server the bundle's own
 * allocation-worker.js beside server.js (scripts/build.mjs).
 */
function allocationWorker(): Worker {
  if (worker) return worker;
  const fromSources = import.meta.url.endsWith('.ts');
  const started = fromSources
    ? new Worker(FROM_SOURCES, {
        eval: true,
        workerData: {
          // tsx's ES-module API (its CommonJS twin resolves its own files wrongly from an eval'd worker).
          tsx: pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href.replace(/\.cjs$/, '.mjs'),
          worker: new URL('./worker.ts', import.meta.url).href,
        },
      })
    : new Worker(new URL('./allocation-worker.js', import.meta.url));
  started.unref();
  started.on('message', (message: { id: number; result?: AllocationResult; error?: string }) => {
    const job = pending.get(message.id);
    pending.delete(message.id);
    if (pending.size === 0) started.unref();
    if (!job) return;
    if (message.result) job.resolve(message.result);
    else job.reject(new Error(`allocation failed: ${message.error}`));
  });
  const fail = (error: Error) => {
    worker = null;
    for (const job of pending.values()) job.reject(error);
    pending.clear();
  };
  started.on('error', fail);
  started.on('exit', (code) => fail(new Error(`allocation worker exited with code ${code}`)));
  worker = started;
  return started;
}

/** Runs in a worker thread (worker_threads) so the server's event loop never waits on the solver. */
export function allocate(input: AllocationInput): Promise<AllocationResult> {
  return allocationQueue.run(() => {
    nextJob += 1;
    const id = nextJob;
    const done = new Promise<AllocationResult>((resolve, reject) => pending.set(id, { resolve, reject }));
    const target = allocationWorker();
    // Held open while it works (a script awaiting the result must not exit first), unref'd again when idle.
    target.ref();
    target.postMessage({ id, input });
    return done;
  });
}
