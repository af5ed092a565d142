import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import { invalidateCheckInChange } from '../../../api/invalidate';
import { postCheckIn } from '../api/record-check-in';
import { type QueuedCheckIn, type ReplayResult, readQueue, replayQueue, subscribeToQueue } from '../offline-queue';

const sendQueued = (item: QueuedCheckIn) => postCheckIn(item.eventId, item.input);

/**
 * The check-ins waiting on this phone, sent in order when the page opens and whenever the browser says it is
 * online again. `lastReplay` tells what the latest replay sent and what the server refused.
 */
export function useOfflineQueue(eventId: number) {
  const queryClient = useQueryClient();
  const queue = useSyncExternalStore(subscribeToQueue, readQueue, readQueue);
  const [lastReplay, setLastReplay] = useState<ReplayResult | null>(null);

  const replay = useCallback(async () => {
    if (readQueue().length === 0) return;
    const result = await replayQueue(sendQueued);
    if (result.sent.length > 0 || result.refused.length > 0) {
      setLastReplay(result);
      void invalidateCheckInChange(queryClient, eventId);
    }
  }, [queryClient, eventId]);

  useEffect(() => {
    void replay();
    const onOnline = () => void replay();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [replay]);

  return { waiting: queue.length, queue, lastReplay, replay };
}
