import { threadId } from 'node:worker_threads';
import { describe, expect, it, vi } from 'vitest';
import { WorkerThread } from '../../src/lib/worker-thread.js';

type Job = { double?: number; fail?: string; exit?: number };
type Answer = { doubled: number; threadId: number };

const thread = (idleMs?: number) =>
  new WorkerThread<Job, Answer>(
    'test job',
    { source: new URL('./worker-thread-entry.ts', import.meta.url), bundled: 'no-such-bundle.js' },
    idleMs,
  );

describe('a job in a worker thread', () => {
  it("answers each job from one kept thread, not the caller's", async () => {
    const jobs = thread();
    const [first, second] = await Promise.all([jobs.run({ double: 2 }), jobs.run({ double: 21 })]);
    expect(first.doubled).toBe(4);
    expect(second.doubled).toBe(42);
    expect(first.threadId).not.toBe(threadId);
    expect(second.threadId).toBe(first.threadId);
  });

  it('rejects a job whose work throws, with the error, and goes on with the next', async () => {
    const jobs = thread();
    await expect(jobs.run({ fail: 'no paper in the printer' })).rejects.toThrow(
      /test job failed: Error: no paper in the printer/,
    );
    expect((await jobs.run({ double: 3 })).doubled).toBe(6);
  });

  it('rejects the jobs of a thread that ends, and starts a new thread for the next job', async () => {
    const jobs = thread();
    const before = await jobs.run({ double: 1 });
    await expect(jobs.run({ exit: 3 })).rejects.toThrow('test job worker exited with code 3');
    const after = await jobs.run({ double: 5 });
    expect(after.doubled).toBe(10);
    expect(after.threadId).not.toBe(before.threadId);
  });

  it('ends a worker left idle, and starts a new one for the next job', async () => {
    const jobs = thread(50);
    const before = await jobs.run({ double: 1 });
    expect(jobs.running).toBe(true);
    await vi.waitFor(() => expect(jobs.running).toBe(false), { timeout: 10_000, interval: 20 });
    const after = await jobs.run({ double: 4 });
    expect(after.doubled).toBe(8);
    expect(after.threadId).not.toBe(before.threadId);
  });
});
