import type { Group } from '@funkis/shared';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateGroupChange } from '../../../api/invalidate';
import { apiClient } from '../../../lib/api-client';

/** POST /api/event/{id}/groups/{groupId} { name } (admin) → the renamed group. */
export const updateGroup = ({ eventId, groupId, name }: { eventId: number; groupId: number; name: string }) =>
  apiClient.post<{ group: Group }>(`/event/${eventId}/groups/${groupId}`, { name });

export const updateGroupMutationOptions = () =>
  mutationOptions({ mutationKey: ['groups', 'update'], mutationFn: updateGroup });

export function useUpdateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    ...updateGroupMutationOptions(),
    onSuccess: (_data, { eventId }) => invalidateGroupChange(queryClient, eventId, { affectsMembers: true }),
  });
}
