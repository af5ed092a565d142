import type { EventInvitation, InviteMemberInput } from '@funkis/shared';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateInvitationChange } from '../../../api/invalidate';
import { apiClient } from '../../../lib/api-client';

/**
 * POST /api/event/{id}/users: an admin invites an e-mail address (the same answer whether or not it has an
 * account; 409 already a member or already invited; 429 too many invitations this hour).
 */
export const inviteUser = (eventId: number, input: InviteMemberInput) =>
  apiClient.post<{ success: true; invitation: EventInvitation }>(`/event/${eventId}/users`, input);

export const inviteUserMutationOptions = (eventId: number) =>
  mutationOptions({
    mutationKey: ['invitations', 'event', eventId, 'invite'],
    mutationFn: (input: InviteMemberInput) => inviteUser(eventId, input),
  });

export function useInviteUser(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    ...inviteUserMutationOptions(eventId),
    onSuccess: () => invalidateInvitationChange(queryClient, eventId),
  });
}
