import type { Group } from '@funkis/shared';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateGroupChange } from '../../../api/invalidate';
import { apiClient } from '../../../lib/api-client';

/** POST /api/event/{id}/groups { name } (admin) → the new group. */
export const createGroup = ({ eventId, name }: { eventId: number; name: string }) =>
  apiClient.post<{ group: Group }>(`/event/${eventId}/groups`, { name });

export const createGroupMutationOptions = () =>
  mutationOptions({ mutationKey: ['groups', 'create'], mutationFn: createGroup });

export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    ...createGroupMutationOptions(),
    onSuccess: (_data, { eventId }) => invalidateGroupChange(queryClient, eventId, { affectsMembers: false }),
  });
}
