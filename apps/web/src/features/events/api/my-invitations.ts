import type { MyInvitation } from '@funkis/shared';
import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateInvitationAnswer } from '../../../api/invalidate';
import { apiClient } from '../../../lib/api-client';
import { invitationKeys } from '../../../lib/query-keys';

/** GET /api/invitations: the caller's open invitations (their home page). */
export const getMyInvitations = () => apiClient.get<{ invitations: MyInvitation[] }>('/invitations');

export const myInvitationsQueryOptions = () =>
  queryOptions({ queryKey: invitationKeys.mine(), queryFn: getMyInvitations });

/** `enabled`: false while the caller's address is unconfirmed (the server would show nothing). */
export function useMyInvitations(enabled = true) {
  return useQuery({ ...myInvitationsQueryOptions(), enabled });
}

export type InvitationAnswer = 'accept' | 'decline';

/** POST /api/invitations/{id}/accept|decline: accepting makes the caller a member; 404 when it is gone. */
export const answerInvitation = (invitation: MyInvitation, answer: InvitationAnswer) =>
  apiClient.post<{ success: true; event?: { id: number; name: string } }>(
    `/invitations/${invitation.id}/${answer}`,
    {},
  );

export const answerInvitationMutationOptions = () =>
  mutationOptions({
    mutationKey: ['invitations', 'mine', 'answer'],
    mutationFn: ({ invitation, answer }: { invitation: MyInvitation; answer: InvitationAnswer }) =>
      answerInvitation(invitation, answer),
  });

export function useAnswerInvitation() {
  const queryClient = useQueryClient();
  return useMutation({
    ...answerInvitationMutationOptions(),
    // Also after a failure: a 404 means it was cancelled or answered elsewhere, and the list should say so.
    onSettled: (_data, _error, { invitation }) => invalidateInvitationAnswer(queryClient, invitation.event.id),
  });
}
