import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordCheckIn } from '../src/features/event-day/api/record-check-in';
import {
  enqueueCheckIn,
  QUEUE_STORAGE_KEY,
  type QueuedCheckIn,
  readQueue,
  replayQueue,
} from '../src/features/event-day/offline-queue';
import { ApiError } from '../src/lib/api-client';
import { mockFetch } from './test-utils';

const item = (clientId: string, eventUserId: number): QueuedCheckIn => ({
  eventId: 7,
  input: { eventUserId, kind: 'arrive', shiftId: null, at: '2026-11-26T10:00:00.000Z', clientId },
  label: `Person ${eventUserId}`,
});

const checkIn = (clientId: string) => ({
  checkIn: {
    id: 1,
    eventUserId: 3,
    shiftId: null,
    kind: 'arrive',
    at: '2026-11-26T10:00:00.000Z',
    recordedAt: '2026-11-26T10:05:00.000Z',
    applied: true,
    undone: false,
    person: { eventUserId: 3, firstname: 'Ada', lastname: 'Berg', group: null },
    clientId,
  },
});

const setOnline = (online: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);

describe('the offline check-in queue', () => {
  afterEach(() => window.localStorage.removeItem(QUEUE_STORAGE_KEY));

  it('keeps check-ins in the order they were made, in localStorage', () => {
    enqueueCheckIn(item('a', 1));
    enqueueCheckIn(item('b', 2));
    enqueueCheckIn(item('c', 3));
    expect(readQueue().map((queued) => queued.input.clientId)).toEqual(['a', 'b', 'c']);
    expect(JSON.parse(window.localStorage.getItem(QUEUE_STORAGE_KEY) ?? '[]')).toHaveLength(3);
  });

  it('sends them in order, each once even when two replays start together, and empties the queue', async () => {
    enqueueCheckIn(item('a', 1));
    enqueueCheckIn(item('b', 2));
    const sent: string[] = [];
    const send = async (queued: QueuedCheckIn) => {
      sent.push(queued.input.clientId);
      await new Promise((resolve) => setTimeout(resolve, 5));
    };
    const [first, second] = await Promise.all([replayQueue(send), replayQueue(send)]);
    expect(sent).toEqual(['a', 'b']);
    expect(first).toBe(second);
    expect(first.sent.map((queued) => queued.input.clientId)).toEqual(['a', 'b']);
    expect(readQueue()).toEqual([]);
    // Nothing left: a later replay sends nothing again.
    await replayQueue(send);
    expect(sent).toEqual(['a', 'b']);
  });

  it('counts a 200 for a clientId the server already had as sent, over the real API client', async () => {
    enqueueCheckIn(item('seen-before', 1));
    const { calls } = mockFetch((call) => ({
      status: 200,
      body: checkIn((call.body as { clientId: string }).clientId),
    }));
    const { postCheckIn } = await import('../src/features/event-day/api/record-check-in');
    const result = await replayQueue((queued) => postCheckIn(queued.eventId, queued.input));
    expect(result.sent).toHaveLength(1);
    expect(readQueue()).toEqual([]);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toContain('/event/7/check-ins');
    expect(calls[0]?.body).toMatchObject({ clientId: 'seen-before', at: '2026-11-26T10:00:00.000Z', eventUserId: 1 });
  });

  it('stops at a lost connection and keeps the rest in order; drops what the server refuses', async () => {
    enqueueCheckIn(item('refused', 1));
    enqueueCheckIn(item('ok', 2));
    enqueueCheckIn(item('cut-off', 3));
    enqueueCheckIn(item('later', 4));
    const send = async (queued: QueuedCheckIn) => {
      if (queued.input.clientId === 'refused') throw new ApiError(400, [{ code: 'error.checkInTooOld' }]);
      if (queued.input.clientId === 'cut-off') throw new ApiError(0, [{ code: 'error.unavailable' }]);
    };
    const result = await replayQueue(send);
    expect(result.refused.map((entry) => entry.item.input.clientId)).toEqual(['refused']);
    expect(result.sent.map((queued) => queued.input.clientId)).toEqual(['ok']);
    expect(result.waiting).toBe(2);
    expect(readQueue().map((queued) => queued.input.clientId)).toEqual(['cut-off', 'later']);
  });

  it('keeps a check-in made offline with the time of the scan and a clientId, without asking the server', async () => {
    setOnline(false);
    const { calls } = mockFetch(() => ({ status: 201, body: checkIn('x') }));
    const before = Date.now();
    const outcome = await recordCheckIn(7, { code: 'F1.7.3.1.abc', kind: 'arrive', shiftId: null }, 'a scanned code');
    expect(outcome).toEqual({ status: 'queued' });
    expect(calls).toHaveLength(0);
    const [queued] = readQueue();
    expect(queued?.input.code).toBe('F1.7.3.1.abc');
    expect(queued?.input.clientId).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Date.parse(queued?.input.at ?? '')).toBeGreaterThanOrEqual(before - 1);
  });

  it('keeps a check-in whose request never reached the server', async () => {
    setOnline(true);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const outcome = await recordCheckIn(7, { eventUserId: 3, kind: 'leave', shiftId: 12 }, 'Ada Berg');
    expect(outcome).toEqual({ status: 'queued' });
    expect(readQueue()).toHaveLength(1);
    expect(readQueue()[0]).toMatchObject({ eventId: 7, label: 'Ada Berg', input: { kind: 'leave', shiftId: 12 } });
  });
});
