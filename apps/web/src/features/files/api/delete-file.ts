import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateFileChange } from '../../../api/invalidate';
import { apiClient } from '../../../lib/api-client';

/** DELETE /api/event/{id}/files/{fileId} (admin): the file and its bytes. */
export const deleteFile = ({ eventId, fileId }: { eventId: number; fileId: number }) =>
  apiClient.delete<object>(`/event/${eventId}/files/${fileId}`);

export function useDeleteFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFile,
    onSuccess: (_data, { eventId }) => invalidateFileChange(queryClient, eventId),
  });
}
