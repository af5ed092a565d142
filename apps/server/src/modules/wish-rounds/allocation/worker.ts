/**
 * The allocation's worker thread: receives an `AllocationInput`, answers the result (or the error), so that the
 * solver's seconds never hold the server's event loop (decision 034). Started by index.ts, from this file under
 * tsx (dev, tests) and from dist/allocation-worker.js in the built server (scripts/build.mjs).
 */

import { answerJobs } from '../../../lib/worker-thread.js';
import { allocateSync } from './allocate.js';
import type { AllocationInput } from './types.js';

answerJobs((input: AllocationInput) => allocateSync(input));
