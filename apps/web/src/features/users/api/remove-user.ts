import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateMemberChange } from '../../../api/invalidate';
import { apiClient } from '../../../lib/api-client';

/** DELETE /api/event/{id}/users/{eventUserId}: an admin removes a member (409 for the last admin). */
export const removeUser = (eventId: number, eventUserId: number) =>
  apiClient.delete<{ success: true }>(`/event/${eventId}/users/${eventUserId}`);

export const removeUserMutationOptions = (eventId: number) =>
  mutationOptions({
    mutationKey: ['members', eventId, 'remove'],
    mutationFn: (eventUserId: number) => removeUser(eventId, eventUserId),
  });

export function useRemoveUser(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    ...removeUserMutationOptions(eventId),
    onSuccess: () => invalidateMemberChange(queryClient, eventId),
  });
}
