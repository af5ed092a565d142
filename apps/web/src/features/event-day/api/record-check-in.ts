import type { CheckIn, CheckInInput } from '@funkis/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateCheckInChange } from '../../../api/invalidate';
import { apiClient, isApiError } from '../../../lib/api-client';
import { enqueueCheckIn, newClientId } from '../offline-queue';

/** POST /api/event/{id}/check-ins: 201 with the check-in, 200 when its clientId was already recorded. */
export const postCheckIn = (eventId: number, input: CheckInInput) =>
  apiClient.post<{ checkIn: CheckIn }>(`/event/${eventId}/check-ins`, input);

export type CheckInOutcome =
  | { status: 'recorded'; checkIn: CheckIn }
  /** No connection: kept on this phone, sent when it is back (offline-queue.ts). */
  | { status: 'queued' };

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * Records a check-in, or, without a connection (the browser says so, or the request never reached the server),
 * keeps it on the phone with the time it was made and an id of its own, so the replay counts it once.
 * `label` is the person's name, shown in the waiting list.
 */
export async function recordCheckIn(eventId: number, input: CheckInInput, label: string): Promise<CheckInOutcome> {
  const scan = { ...input, at: input.at ?? new Date().toISOString(), clientId: input.clientId ?? newClientId() };
  if (isOffline()) {
    enqueueCheckIn({ eventId, input: scan, label });
    return { status: 'queued' };
  }
  try {
    const { checkIn } = await postCheckIn(eventId, { ...input, clientId: scan.clientId });
    return { status: 'recorded', checkIn };
  } catch (error) {
    if (isApiError(error) && error.status === 0) {
      enqueueCheckIn({ eventId, input: scan, label });
      return { status: 'queued' };
    }
    throw error;
  }
}

export function useRecordCheckIn(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['event-day', eventId, 'check-in'],
    // Networkless phones still record (into the queue): like every mutation (lib/query-client.ts), it never waits
    // paused for a connection.
    mutationFn: ({ input, label }: { input: CheckInInput; label: string }) => recordCheckIn(eventId, input, label),
    onSuccess: (outcome) => {
      if (outcome.status === 'recorded') void invalidateCheckInChange(queryClient, eventId);
    },
  });
}
