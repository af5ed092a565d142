import type { AddMemberInput, Member } from '@funkis/shared';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateMemberChange } from '../../../api/invalidate';
import { apiClient } from '../../../lib/api-client';

/** POST /api/event/{id}/users: an admin adds an existing account by e-mail (404 unknown, 409 already a member). */
export const addUser = (eventId: number, input: AddMemberInput) =>
  apiClient.post<{ success: true; user: Member }>(`/event/${eventId}/users`, input);

export const addUserMutationOptions = (eventId: number) =>
  mutationOptions({
    mutationKey: ['members', eventId, 'add'],
    mutationFn: (input: AddMemberInput) => addUser(eventId, input),
  });

export function useAddUser(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    ...addUserMutationOptions(eventId),
    onSuccess: () => invalidateMemberChange(queryClient, eventId),
  });
}
