import type { CreateShiftInput, Shift } from '@funkis/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateShiftChange } from '../../../api/invalidate';
import { apiClient } from '../../../lib/api-client';

/** POST /api/event/{id}/shifts/batch: a repeating set, all or none (admin; leader for their own group). */
export const createShifts = (eventId: number, shifts: CreateShiftInput[]) =>
  apiClient.post<{ shifts: Shift[] }>(`/event/${eventId}/shifts/batch`, { shifts });

export function useCreateShifts(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['shifts', eventId, 'create-batch'],
    mutationFn: (shifts: CreateShiftInput[]) => createShifts(eventId, shifts),
    onSuccess: () => invalidateShiftChange(queryClient, eventId),
  });
}
