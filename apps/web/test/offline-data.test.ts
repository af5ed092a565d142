import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { enqueueCheckIn, readQueue } from '../src/features/event-day/offline-queue';
import { keepOfflineData, OFFLINE_MAX_AGE_MS, restoreOfflineData } from '../src/lib/offline-data';
import { CHECK_IN_QUEUE_KEY, forgetOfflineData, rememberedUser, rememberUser } from '../src/lib/offline-user';
import { testUser } from './test-utils';

/** What a volunteer's pages showed, kept on the device for use without signal (decision 028). */
describe('offline data', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
    localStorage.clear();
  });

  it("keeps the event's, shifts' and feed's answers, not the organisers' lists, and puts them back with their time", () => {
    rememberUser(testUser);
    const client = new QueryClient();
    const stop = keepOfflineData(client);
    client.setQueryData(['events', 'detail', 7], { event: { id: 7, name: 'Fair' } });
    client.setQueryData(['shifts', 7, 'list', { mine: true }], { shifts: [{ id: 1 }] });
    client.setQueryData(['applications', 7, 'list', {}], { rows: ['someone else'] });
    const fetchedAt = client.getQueryState(['shifts', 7, 'list', { mine: true }])?.dataUpdatedAt;
    expect(localStorage.getItem('offline-data')).toBeNull(); // written a moment later, once for the burst
    vi.advanceTimersByTime(1_000);
    stop();

    const restored = new QueryClient();
    restoreOfflineData(restored);
    expect(restored.getQueryData(['events', 'detail', 7])).toEqual({ event: { id: 7, name: 'Fair' } });
    expect(restored.getQueryData(['shifts', 7, 'list', { mine: true }])).toEqual({ shifts: [{ id: 1 }] });
    expect(restored.getQueryState(['shifts', 7, 'list', { mine: true }])?.dataUpdatedAt).toBe(fetchedAt);
    // Shown, but stale: the first screen that uses it asks again, however recent it was (a reload).
    expect(restored.getQueryState(['shifts', 7, 'list', { mine: true }])?.isInvalidated).toBe(true);
    expect(restored.getQueryData(['applications', 7, 'list', {}])).toBeUndefined();
  });

  it("never shows one person's kept data to another, nor data older than a week", () => {
    rememberUser(testUser);
    const client = new QueryClient();
    const stop = keepOfflineData(client);
    client.setQueryData(['feed', 7, 'posts'], { posts: [{ id: 1 }] });
    vi.advanceTimersByTime(1_000);
    stop();

    rememberUser({ ...testUser, id: testUser.id + 1 });
    const other = new QueryClient();
    restoreOfflineData(other);
    expect(other.getQueryData(['feed', 7, 'posts'])).toBeUndefined();
    expect(localStorage.getItem('offline-data')).toBeNull();

    rememberUser(testUser);
    const writer = new QueryClient();
    const again = keepOfflineData(writer);
    writer.setQueryData(['feed', 7, 'posts'], { posts: [{ id: 2 }] });
    vi.advanceTimersByTime(1_000);
    again();
    const late = new QueryClient();
    restoreOfflineData(late, Date.now() + OFFLINE_MAX_AGE_MS + 1);
    expect(late.getQueryData(['feed', 7, 'posts'])).toBeUndefined();
  });

  it('forgets the person and their data on sign-out', () => {
    rememberUser(testUser);
    const client = new QueryClient();
    const stop = keepOfflineData(client);
    client.setQueryData(['files', 7, 'newest'], { files: [] });
    vi.advanceTimersByTime(1_000);
    expect(localStorage.getItem('offline-data')).not.toBeNull();
    forgetOfflineData();
    stop();
    expect(rememberedUser()).toBeNull();
    expect(localStorage.getItem('offline-data')).toBeNull();
  });

  it('forgets the check-ins scanned offline and not sent yet: the next person to sign in would send them as theirs', () => {
    rememberUser(testUser);
    enqueueCheckIn({
      eventId: 7,
      input: { code: 'abc', kind: 'arrive', at: '2026-06-01T10:00:00.000Z', clientId: 'scan-1' },
      label: 'Ada Lovelace',
    });
    expect(readQueue()).toHaveLength(1);
    forgetOfflineData();
    expect(localStorage.getItem(CHECK_IN_QUEUE_KEY)).toBeNull();
    expect(readQueue()).toEqual([]);
  });

  it("unsubscribes the device from the person's push notices, so the next person sees none of theirs", async () => {
    const unsubscribe = vi.fn(async () => true);
    const getSubscription = vi.fn(async () => ({ unsubscribe }));
    Object.defineProperty(navigator, 'serviceWorker', {
      configurable: true,
      value: { getRegistration: async () => ({ pushManager: { getSubscription } }) },
    });
    try {
      forgetOfflineData();
      await vi.waitFor(() => expect(unsubscribe).toHaveBeenCalledTimes(1));
      // No subscription, or no service worker at all: nothing to do, nothing thrown.
      getSubscription.mockResolvedValueOnce(null as never);
      forgetOfflineData();
      Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: undefined });
      forgetOfflineData();
      await vi.advanceTimersByTimeAsync(0);
      expect(unsubscribe).toHaveBeenCalledTimes(1);
    } finally {
      Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: undefined });
    }
  });

  it('writes at once when the page is left, not only after the delay', () => {
    rememberUser(testUser);
    const client = new QueryClient();
    const stop = keepOfflineData(client);
    client.setQueryData(['feed', 7, 'posts'], { pages: [{ posts: [{ id: 3 }] }], pageParams: [null] });
    expect(localStorage.getItem('offline-data')).toBeNull();
    window.dispatchEvent(new Event('pagehide'));
    expect(localStorage.getItem('offline-data')).toContain('"feed"');
    stop();
  });
});
