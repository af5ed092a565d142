import type { Attendance } from '@funkis/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateShiftChange } from '../../../api/invalidate';
import { apiClient } from '../../../lib/api-client';

/** POST …/shifts/{shiftId}/assignments/{assignmentId}/attendance: arrived, no-show, or null to clear. */
export function useSetAttendance(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['shifts', eventId, 'attendance'],
    mutationFn: ({
      shiftId,
      assignmentId,
      attendance,
    }: {
      shiftId: number;
      assignmentId: number;
      attendance: Attendance | null;
    }) => apiClient.post(`/event/${eventId}/shifts/${shiftId}/assignments/${assignmentId}/attendance`, { attendance }),
    onSettled: () => invalidateShiftChange(queryClient, eventId),
  });
}
