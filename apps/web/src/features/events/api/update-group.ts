import type { Group } from '@funkis/shared';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateGroupChange } from '../../../api/invalidate';
import { apiClient } from '../../../lib/api-client';

/** POST /api/event/{id}/groups/{groupId} { name?, wanted? } (admin) → the changed group. */
export const updateGroup = ({
  eventId,
  groupId,
  ...changes
}: {
  eventId: number;
  groupId: number;
  name?: string;
  wanted?: number | null;
}) => apiClient.post<{ group: Group }>(`/event/${eventId}/groups/${groupId}`, changes);

export const updateGroupMutationOptions = () =>
  mutationOptions({ mutationKey: ['groups', 'update'], mutationFn: updateGroup });

export function useUpdateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    ...updateGroupMutationOptions(),
    onSuccess: (_data, { eventId }) => invalidateGroupChange(queryClient, eventId, { affectsMembers: true }),
  });
}
