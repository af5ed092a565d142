import { expect } from 'vitest';
import type { TestApp } from './app.js';

/**
 * Waits until the overload guard has taken a sample after this call and saw the loop turning freely (up to
 * `timeoutMs`), then checks that it did and is not shedding. A block made right after other synchronous work (the
 * app's start, a fixture, the first request's compiles) would otherwise continue that work's delay, which is one
 * long delay by the guard's rule.
 */
export async function waitForFreeLoop(t: TestApp, timeoutMs = 15_000): Promise<void> {
  const since = performance.now();
  const until = Date.now() + timeoutMs;
  while ((t.app.overload.sampledAt <= since || t.app.overload.delayed) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(t.app.overload.sampledAt).toBeGreaterThan(since);
  expect(t.app.overload.delayed).toBe(false);
  expect(t.app.overload.shedding).toBe(false);
}
