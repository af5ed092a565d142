import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { eventDayKeys } from '../../../lib/query-keys';

/** POST /api/event/{id}/users/{eventUserId}/code/revoke (admins): the old code stops working, a new one is made. */
export function useRevokeCode(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['event-day', eventId, 'revoke'],
    mutationFn: (eventUserId: number) => apiClient.post<object>(`/event/${eventId}/users/${eventUserId}/code/revoke`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: eventDayKeys.people(eventId) }),
  });
}
