import type { Group } from '@funkis/shared';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateGroupChange } from '../../../api/invalidate';
import { apiClient } from '../../../lib/api-client';

/** POST /api/event/{id}/groups { name, wanted? } (admin) → the new group. */
export const createGroup = ({ eventId, ...group }: { eventId: number; name: string; wanted?: number | null }) =>
  apiClient.post<{ group: Group }>(`/event/${eventId}/groups`, group);

export const createGroupMutationOptions = () =>
  mutationOptions({ mutationKey: ['groups', 'create'], mutationFn: createGroup });

export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    ...createGroupMutationOptions(),
    onSuccess: (_data, { eventId }) => invalidateGroupChange(queryClient, eventId, { affectsMembers: false }),
  });
}
