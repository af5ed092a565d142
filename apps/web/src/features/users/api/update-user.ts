import type { Member, UpdateMemberInput } from '@funkis/shared';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateMemberChange } from '../../../api/invalidate';
import { apiClient } from '../../../lib/api-client';

export interface UpdateUserVariables extends UpdateMemberInput {
  eventUserId: number;
}

/** POST /api/event/{id}/users/{eventUserId}: an admin changes a member's role and/or group (409 for the last admin). */
export const updateUser = (eventId: number, { eventUserId, ...input }: UpdateUserVariables) =>
  apiClient.post<{ success: true; user: Member }>(`/event/${eventId}/users/${eventUserId}`, input);

export const updateUserMutationOptions = (eventId: number) =>
  mutationOptions({
    mutationKey: ['members', eventId, 'update'],
    mutationFn: (variables: UpdateUserVariables) => updateUser(eventId, variables),
  });

export function useUpdateUser(eventId: number, ownUserId?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    ...updateUserMutationOptions(eventId),
    // An admin who changed their own membership has a new role (menu, guards, admin actions).
    onSuccess: ({ user }) =>
      invalidateMemberChange(queryClient, eventId, { isOwnMembership: user.userId === ownUserId }),
  });
}
