import type { WaitlistEntry } from '@funkis/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { shiftKeys } from '../../../lib/query-keys';

/** GET /api/event/{id}/shifts/{shiftId}/waitlist (organisers): who waits for a place, first first. */
export const waitlistQueryOptions = (eventId: number, shiftId: number) =>
  queryOptions({
    // Under the shift lists' key: every change to shifts and places asks again.
    queryKey: shiftKeys.list(eventId, { kind: 'waitlist', shiftId }),
    queryFn: ({ signal }) =>
      apiClient.get<{ waitlist: WaitlistEntry[] }>(`/event/${eventId}/shifts/${shiftId}/waitlist`, { signal }),
  });

export function useWaitlist(eventId: number, shiftId: number, enabled: boolean) {
  return useQuery({ ...waitlistQueryOptions(eventId, shiftId), enabled });
}
