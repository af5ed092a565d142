import type { ApplicationsUpdateInput } from '@funkis/shared';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateApplicationChange } from '../../../api/invalidate';
import { apiClient } from '../../../lib/api-client';

/** POST /api/event/{id}/applications/update: status and/or group of the ids or of every match of a filter. */
export const updateApplications = (eventId: number, input: ApplicationsUpdateInput) =>
  apiClient.post<{ success: true; updated: number; notified?: number }>(`/event/${eventId}/applications/update`, input);

export const updateApplicationsMutationOptions = (eventId: number) =>
  mutationOptions({
    mutationKey: ['applications', eventId, 'update'],
    mutationFn: (input: ApplicationsUpdateInput) => updateApplications(eventId, input),
  });

/**
 * The lists (rows and summary) and details (history) change; an accept or un-accept also changes memberships:
 * the users table, the group member counts, the access lists and the audit log.
 */
export function useUpdateApplications(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    ...updateApplicationsMutationOptions(eventId),
    onSuccess: () => invalidateApplicationChange(queryClient, eventId),
  });
}
