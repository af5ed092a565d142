import type { Event } from '@funkis/shared';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateEventChange } from '../../../api/invalidate';
import { apiClient } from '../../../lib/api-client';

/** POST /api/event/{id}/avatar as multipart, the image in field `file` (admin) → the event. */
export const uploadEventAvatar = ({ eventId, file }: { eventId: number; file: File }) => {
  const body = new FormData();
  body.append('file', file);
  return apiClient.post<{ event: Event }>(`/event/${eventId}/avatar`, body);
};

export const uploadEventAvatarMutationOptions = () =>
  mutationOptions({ mutationKey: ['events', 'avatar'], mutationFn: uploadEventAvatar });

export function useUploadEventAvatar() {
  const queryClient = useQueryClient();
  return useMutation({
    ...uploadEventAvatarMutationOptions(),
    onSuccess: (_data, { eventId }) => invalidateEventChange(queryClient, eventId),
  });
}
