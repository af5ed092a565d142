/** A worker entry for worker-thread.test.ts: doubles a number, throws, or ends its thread, as the job asks. */

import { answerJobs } from '../../src/lib/worker-thread.js';

answerJobs(async (input: { double?: number; fail?: string; exit?: number }) => {
  if (input.exit !== undefined) process.exit(input.exit);
  if (input.fail !== undefined) throw new Error(input.fail);
  return { doubled: (input.double ?? 0) * 2, threadId: (await import('node:worker_threads')).threadId };
});
