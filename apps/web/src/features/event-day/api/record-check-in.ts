import type { CheckIn } from '@funkis/shared';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient, isApiError } from '../../../lib/api-client';
import { eventDayKeys } from '../../../lib/query-keys';
import { enqueueCheckIn, newClientId } from '../offline-queue';
import type { CheckInRequest } from '../types';

export type { CheckInRequest };

/** POST /api/event/{id}/check-ins: 201 with the check-in, 200 when its clientId was already recorded. */
export const postCheckIn = (eventId: number, input: CheckInRequest) =>
  apiClient.post<{ checkIn: CheckIn }>(`/event/${eventId}/check-ins`, input);

/** A check-in changes the person's card and the board. */
export const invalidateCheckIn = (queryClient: QueryClient, eventId: number) =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: eventDayKeys.people(eventId) }),
    queryClient.invalidateQueries({ queryKey: eventDayKeys.boards(eventId) }),
  ]);

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
export async function recordCheckIn(eventId: number, input: CheckInRequest, label: string): Promise<CheckInOutcome> {
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
    mutationFn: ({ input, label }: { input: CheckInRequest; label: string }) => recordCheckIn(eventId, input, label),
    // Networkless phones still record (into the queue): the mutation must not wait paused for a connection.
    networkMode: 'always',
    onSuccess: (outcome) => {
      if (outcome.status === 'recorded') void invalidateCheckIn(queryClient, eventId);
    },
  });
}
