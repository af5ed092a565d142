import type { CoverRequest } from '@funkis/shared';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/**
 * POST /api/event/{id}/shifts/{shiftId}/cover-requests (organisers): asks the group's free volunteers; answers the
 * open request when the shift already has one. Nothing the organiser's screens show changes until someone accepts.
 */
export const askForCover = (eventId: number, shiftId: number) =>
  apiClient.post<{ coverRequest: CoverRequest }>(`/event/${eventId}/shifts/${shiftId}/cover-requests`);

export function useAskForCover(eventId: number) {
  return useMutation({
    mutationKey: ['cover', eventId, 'ask'],
    mutationFn: (shiftId: number) => askForCover(eventId, shiftId),
  });
}
