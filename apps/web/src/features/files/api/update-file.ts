import type { EventFile, UpdateFileInput } from '@funkis/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateFileChange } from '../../../api/invalidate';
import { apiClient } from '../../../lib/api-client';

/** POST /api/event/{id}/files/{fileId} { name?, roles? } (admin) → the file. */
export const updateFile = ({ eventId, fileId, ...input }: UpdateFileInput & { eventId: number; fileId: number }) =>
  apiClient.post<{ file: EventFile }>(`/event/${eventId}/files/${fileId}`, input);

export function useUpdateFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFile,
    onSuccess: (_data, { eventId }) => invalidateFileChange(queryClient, eventId),
  });
}
