import type { CheckIn } from '@funkis/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateCheckInChange } from '../../../api/invalidate';
import { apiClient } from '../../../lib/api-client';

/** DELETE /api/event/{id}/check-ins/{checkInId}: undo, within 60 seconds of recording (409 error.undoExpired after). */
export function useUndoCheckIn(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['event-day', eventId, 'undo'],
    mutationFn: (checkInId: number) =>
      apiClient.delete<{ checkIn: CheckIn }>(`/event/${eventId}/check-ins/${checkInId}`),
    onSettled: () => invalidateCheckInChange(queryClient, eventId),
  });
}
