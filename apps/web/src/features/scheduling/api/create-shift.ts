import type { CreateShiftInput, Shift } from '@funkis/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { shiftKeys } from '../../../lib/query-keys';

/** POST /api/event/{id}/shifts (admin; leader for their own group). */
export const createShift = (eventId: number, input: CreateShiftInput) =>
  apiClient.post<{ shift: Shift }>(`/event/${eventId}/shifts`, input);

export function useCreateShift(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['shifts', eventId, 'create'],
    mutationFn: (input: CreateShiftInput) => createShift(eventId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: shiftKeys.lists(eventId) }),
  });
}
