import type { Member, UpdateMemberInput } from '@funkis/shared';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { invalidateMemberQueries } from './invalidate';
import { usersKeys } from './keys';

export interface UpdateUserVariables extends UpdateMemberInput {
  eventUserId: number;
}

/** POST /api/event/{id}/users/{eventUserId}: an admin changes a member's role and/or group (409 for the last admin). */
export const updateUser = (eventId: number, { eventUserId, ...input }: UpdateUserVariables) =>
  apiClient.post<{ success: true; user: Member }>(`/event/${eventId}/users/${eventUserId}`, input);

export const updateUserMutationOptions = (eventId: number) =>
  mutationOptions({
    mutationKey: ['events', eventId, 'users', 'update'],
    mutationFn: (variables: UpdateUserVariables) => updateUser(eventId, variables),
  });

export function useUpdateUser(eventId: number, ownUserId?: number) {
  const queryClient = useQueryClient();
  return useMutation({
    ...updateUserMutationOptions(eventId),
    onSuccess: ({ user }, variables) => {
      const changes: Promise<unknown>[] = [
        invalidateMemberQueries(queryClient, eventId, { groups: variables.groupId !== undefined }),
      ];
      // An admin who changed their own membership has a new role (menu, guards, admin actions).
      if (user.userId === ownUserId) {
        changes.push(queryClient.invalidateQueries({ queryKey: usersKeys.detail(eventId), exact: true }));
      }
      return Promise.all(changes);
    },
  });
}
