/**
 * The allocation's worker thread: receives an `AllocationInput`, answers the result (or the error), so that the
 * solver's seconds never hold the server's event loop (decision 034). Started by index.ts, from this file under
 * tsx (dev, tests) and from dist/allocation-worker.js in the built server (scripts/build.mjs).
 */

import { parentPort } from 'node:worker_threads';
import { allocateSync } from './allocate.js';
import type { AllocationInput } from './types.js';

parentPort?.on('message', async (message: { id: number; input: AllocationInput }) => {
  try {
    const result = await allocateSync(message.input);
    parentPort?.postMessage({ id: message.id, result });
  } catch (error) {
    parentPort?.postMessage({ id: message.id, error: String((error as Error)?.stack ?? error) });
  }
});
