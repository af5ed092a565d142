import type { Group } from '@funkis/shared';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { eventKeys } from './keys';

/** POST /api/event/{id}/groups { name } (admin) → the new group. */
export const createGroup = ({ eventId, name }: { eventId: number; name: string }) =>
  apiClient.post<{ group: Group }>(`/event/${eventId}/groups`, { name });

export const createGroupMutationOptions = () =>
  mutationOptions({ mutationKey: ['event', 'groups', 'create'], mutationFn: createGroup });

/** A group change shows in the groups list and the audit log (and, renamed or deleted, in the access lists). */
export function invalidateGroupChange(
  queryClient: ReturnType<typeof useQueryClient>,
  eventId: number,
  { affectsMembers }: { affectsMembers: boolean },
) {
  const keys: (readonly unknown[])[] = [eventKeys.groups(eventId), eventKeys.audit(eventId)];
  if (affectsMembers) keys.push(eventKeys.access(eventId));
  return Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    ...createGroupMutationOptions(),
    onSuccess: (_data, { eventId }) => invalidateGroupChange(queryClient, eventId, { affectsMembers: false }),
  });
}
