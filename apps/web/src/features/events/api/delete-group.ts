import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateGroupChange } from '../../../api/invalidate';
import { apiClient } from '../../../lib/api-client';

/** DELETE /api/event/{id}/groups/{groupId} (admin); its members stay in the event without a group. */
export const deleteGroup = ({ eventId, groupId }: { eventId: number; groupId: number }) =>
  apiClient.delete<{ success: true }>(`/event/${eventId}/groups/${groupId}`);

export const deleteGroupMutationOptions = () =>
  mutationOptions({ mutationKey: ['groups', 'delete'], mutationFn: deleteGroup });

export function useDeleteGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    ...deleteGroupMutationOptions(),
    onSuccess: (_data, { eventId }) => invalidateGroupChange(queryClient, eventId, { affectsMembers: true }),
  });
}
