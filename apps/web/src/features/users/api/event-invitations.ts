import type { EventInvitation } from '@funkis/shared';
import { mutationOptions, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateInvitationChange } from '../../../api/invalidate';
import { apiClient } from '../../../lib/api-client';
import { invitationKeys } from '../../../lib/query-keys';

/** GET /api/event/{id}/invitations (admins): the invitations not accepted yet, newest first. */
export const getEventInvitations = (eventId: number) =>
  apiClient.get<{ invitations: EventInvitation[] }>(`/event/${eventId}/invitations`);

export const eventInvitationsQueryOptions = (eventId: number) =>
  queryOptions({ queryKey: invitationKeys.event(eventId), queryFn: () => getEventInvitations(eventId) });

export function useEventInvitations(eventId: number, enabled = true) {
  return useQuery({ ...eventInvitationsQueryOptions(eventId), enabled });
}

/** DELETE /api/event/{id}/invitations/{invitationId}: an admin cancels an invitation. */
export const cancelInvitation = (eventId: number, invitationId: number) =>
  apiClient.delete<{ success: true }>(`/event/${eventId}/invitations/${invitationId}`);

export const cancelInvitationMutationOptions = (eventId: number) =>
  mutationOptions({
    mutationKey: ['invitations', 'event', eventId, 'cancel'],
    mutationFn: (invitationId: number) => cancelInvitation(eventId, invitationId),
  });

export function useCancelInvitation(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    ...cancelInvitationMutationOptions(eventId),
    onSuccess: () => invalidateInvitationChange(queryClient, eventId),
  });
}
