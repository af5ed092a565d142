import { monitorEventLoopDelay } from 'node:perf_hooks';
import { messageText } from '@funkis/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { envelope } from './errors.js';

export interface OverloadOptions {
  /** Event-loop delay (ms) that counts as saturated; 0 turns the delay check off. */
  maxEventLoopDelayMs: number;
  /** How long (ms) the delay must stay above the limit, without a turn under it, before load is shed. */
  windowMs: number;
  /** Heap used / resident set size above which load is shed; 0 turns one off. */
  maxHeapUsedBytes: number;
  maxRssBytes: number;
  /** How often the delay and memory are sampled (ms). */
  sampleIntervalMs?: number;
  retryAfterSeconds?: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether the server sheds load now, and why (tests, the readiness answer). */
    overload: {
      readonly shedding: boolean;
      readonly reason: string | null;
      /** The last sample saw the loop delayed over the limit: the window is running (tests wait for it to end). */
      readonly delayed: boolean;
      /** When the last sample was taken (`performance.now()`). */
      readonly sampledAt: number;
    };
  }
}

/**
 * Sheds load only when the server really is saturated (decision 024), unlike a check of one sample:
 * - the event-loop delay must have stayed above the limit for a whole window (every sample in it, a long block
 *   counting for its whole length), or memory be above its limit;
 * - only API calls are refused: the web app's shell and assets (no database, precompressed) and `/api/health`
 *   (liveness) are always answered, so a busy server still loads the app, which shows "busy" and retries;
 * - a browser navigation (an export link opened in a tab) gets a short HTML page, never the JSON envelope.
 * Expensive work waits in bounded queues instead (lib/work-queue.ts): hashing, exports.
 */
async function overloadPlugin(app: FastifyInstance, options: OverloadOptions) {
  const interval = options.sampleIntervalMs ?? 250;
  const retryAfter = String(options.retryAfterSeconds ?? 10);
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  let overSince: number | null = null;
  const state = { shedding: false, reason: null as string | null, delayed: false, sampledAt: 0 };

  let lastSample = performance.now();
  const sample = () => {
    const now = performance.now();
    // The histogram's own timer may not have run yet after a long block: this timer's lateness says it at once.
    const lateMs = now - lastSample - interval;
    const ticks = { count: histogram.count, minMs: histogram.min / 1e6, maxMs: histogram.max / 1e6 };
    lastSample = now;
    histogram.reset();
    let reason: string | null = null;
    const delayMs = Math.max(ticks.maxMs, lateMs);
    if (options.maxEventLoopDelayMs > 0) {
      overSince = delayedSince(overSince, now, lateMs, ticks, options.maxEventLoopDelayMs);
      if (overSince !== null && now - overSince >= options.windowMs) reason = 'event loop delay';
    }
    if (!reason && options.maxHeapUsedBytes > 0 && process.memoryUsage().heapUsed > options.maxHeapUsedBytes) {
      reason = 'heap';
    }
    if (!reason && options.maxRssBytes > 0 && process.memoryUsage.rss() > options.maxRssBytes) reason = 'rss';
    if (reason !== state.reason) {
      if (reason) app.log.warn({ reason, delayMs }, 'overloaded: refusing API calls with 503');
      else if (state.reason) app.log.info('no longer overloaded');
    }
    state.reason = reason;
    state.shedding = reason !== null;
    state.delayed = overSince !== null;
    state.sampledAt = now;
  };
  const timer = setInterval(sample, interval);
  timer.unref();
  sample();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    histogram.disable();
  });
  app.decorate('overload', state);

  const html = (): string => {
    const en = messageText('error.unavailable');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta http-equiv="refresh" content="${retryAfter}"><title>Funkis</title></head><body><main><h1>Funkis</h1><p>${en}</p></main></body></html>`;
  };

  app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: (error?: Error) => void) => {
    if (!state.shedding || !isSheddable(request.url)) return done();
    reply.header('retry-after', retryAfter);
    if (isNavigation(request)) {
      reply.status(503).type('text/html; charset=utf-8').send(html());
      return;
    }
    reply.status(503).send(envelope([{ code: 'error.unavailable' }]));
  });
}

/** API calls, except liveness (`/api/health` itself; readiness does say "not ready" while overloaded). */
export function isSheddable(url: string): boolean {
  if (!url.startsWith('/api/') && url !== '/api') return false;
  const path = url.split('?', 1)[0];
  return path !== '/api/health';
}

/** A browser loading a page (not a script's fetch): it must get HTML. */
export function isNavigation(request: FastifyRequest): boolean {
  const mode = request.headers['sec-fetch-mode'];
  if (mode) return mode === 'navigate';
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html');
}

/** What the histogram's 10 ms ticks saw since the last sample. */
export interface TickSummary {
  count: number;
  minMs: number;
  maxMs: number;
}

/**
 * Since when the event loop has been delayed over the limit without a turn under it, or null when it is not:
 * - a long block counts for all of its length (it began when the loop last turned);
 * - any tick on time since the last sample means the loop turned freely, so a delay seen now began after it.
 *   Without this, a block whose tick the histogram recorded only after the sample had reset it counted twice,
 *   once by this timer's lateness and again by the next sample, and one 600 ms block looked like a second of load.
 */
export function delayedSince(
  overSince: number | null,
  now: number,
  lateMs: number,
  ticks: TickSummary,
  limitMs: number,
): number | null {
  const delayMs = Math.max(ticks.maxMs, lateMs);
  if (delayMs <= limitMs) return null;
  const turnedFreely = ticks.count > 0 && ticks.minMs <= limitMs;
  if (overSince === null || turnedFreely) return now - delayMs;
  return overSince;
}

export default fp(overloadPlugin, { name: 'overload' });
