import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { parentPort, type TransferListItem, Worker } from 'node:worker_threads';

/** From the sources, a worker loads its TypeScript entry through tsx's API (worker threads do not inherit its hooks). */
const FROM_SOURCES = `
const { workerData } = require('node:worker_threads');
import(workerData.tsx).then((tsx) => tsx.tsImport(workerData.worker, workerData.worker));
`;

/**
 * Work that would hold the server's event loop for tens of milliseconds or more (the wish rounds' solver, badges
 * as a PDF) done in one worker thread instead, one job after another as they arrive. The worker is started on the
 * first job and kept, unref'd while idle so it never holds the process open; one that fails or exits rejects its
 * jobs and the next job starts a new one. A worker idle for `idleMs` (a minute unless told) is ended: its libraries
 * (pdf-lib and its fonts, the solver) leave the server's memory until the next job, which pays the start
 * again. Its entry answers with `answerJobs`. From the sources (tsx in dev, Vitest)
 * the entry is `source`, a TypeScript file loaded through tsx; in the built server it is `bundled`, a file beside
 * server.js (scripts/build.mjs).
 */
export class WorkerThread<Input, Output> {
  private worker: Worker | null = null;
  private nextJob = 0;
  private readonly pending = new Map<number, { resolve: (output: Output) => void; reject: (error: Error) => void }>();
  private idleTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly name: string,
    private readonly entry: { source: URL; bundled: string },
    private readonly idleMs = 60_000,
  ) {}

  /** Whether a worker is there (started and not yet ended). */
  get running(): boolean {
    return this.worker !== null;
  }

  /** `transfer` names the input's buffers to move to the worker rather than copy. */
  run(input: Input, transfer: TransferListItem[] = []): Promise<Output> {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
    this.nextJob += 1;
    const id = this.nextJob;
    const done = new Promise<Output>((resolve, reject) => this.pending.set(id, { resolve, reject }));
    const target = this.started();
    // Held open while it works (a script awaiting the result must not exit first), unref'd again when idle.
    target.ref();
    target.postMessage({ id, input }, transfer);
    return done;
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    const fromSources = import.meta.url.endsWith('.ts');
    const worker = fromSources
      ? new Worker(FROM_SOURCES, {
          eval: true,
          workerData: {
            // tsx's ES-module API (its CommonJS twin resolves its own files wrongly from an eval'd worker).
            tsx: pathToFileURL(createRequire(import.meta.url).resolve('tsx/esm/api')).href.replace(/\.cjs$/, '.mjs'),
            worker: this.entry.source.href,
          },
        })
      : new Worker(new URL(`./${this.entry.bundled}`, import.meta.url));
    worker.unref();
    worker.on('message', (message: { id: number; output?: Output; error?: string }) => {
      const job = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (this.pending.size === 0) this.idle(worker);
      if (!job) return;
      if (message.error === undefined) job.resolve(message.output as Output);
      else job.reject(new Error(`${this.name} failed: ${message.error}`));
    });
    // The jobs waiting are this worker's, unless it was ended for being idle and a new one took over.
    const fail = (error: Error) => {
      if (this.worker !== worker) return;
      this.worker = null;
      for (const job of this.pending.values()) job.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`${this.name} worker exited with code ${code}`)));
    this.worker = worker;
    return worker;
  }

  /** No job waits: the worker no longer holds the process open, and ends after `idleMs` without a new job. */
  private idle(worker: Worker): void {
    worker.unref();
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      if (this.worker !== worker || this.pending.size > 0) return;
      this.worker = null;
      void worker.terminate();
    }, this.idleMs);
    this.idleTimer.unref();
  }
}

/**
 * In a worker's entry: answers each job of its `WorkerThread` with `work`'s output, or the error. `transfer` names
 * the output's buffers to move to the server's thread rather than copy.
 */
export function answerJobs<Input, Output>(
  work: (input: Input) => Promise<Output>,
  transfer: (output: Output) => TransferListItem[] = () => [],
): void {
  parentPort?.on('message', async (message: { id: number; input: Input }) => {
    try {
      const output = await work(message.input);
      parentPort?.postMessage({ id: message.id, output }, transfer(output));
    } catch (error) {
      parentPort?.postMessage({ id: message.id, error: String((error as Error)?.stack ?? error) });
    }
  });
}
