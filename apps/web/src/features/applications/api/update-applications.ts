import type { ApplicationsUpdateInput } from '@funkis/shared';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { applicationKeys } from './keys';

/** POST /api/event/{id}/applications/update: status and/or group of the ids or of every match of a filter. */
export const updateApplications = (eventId: string, input: ApplicationsUpdateInput) =>
  apiClient.post<{ success: true; updated: number }>(`/event/${eventId}/applications/update`, input);

export const updateApplicationsMutationOptions = (eventId: string) =>
  mutationOptions({
    mutationKey: ['applications', eventId, 'update'],
    mutationFn: (input: ApplicationsUpdateInput) => updateApplications(eventId, input),
  });

/** Lists (rows and summary) and details (history) change; answers do not. */
export function useUpdateApplications(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...updateApplicationsMutationOptions(eventId),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: applicationKeys.lists(eventId) }),
        queryClient.invalidateQueries({ queryKey: applicationKeys.details(eventId) }),
      ]);
    },
  });
}
