import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { fileKeys } from '../../../lib/query-keys';

/** DELETE /api/event/{id}/files/{fileId} (admin): the file and its bytes. */
export const deleteFile = ({ eventId, fileId }: { eventId: number; fileId: number }) =>
  apiClient.delete<object>(`/event/${eventId}/files/${fileId}`);

export function useDeleteFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteFile,
    onSuccess: (_data, { eventId }) => queryClient.invalidateQueries({ queryKey: fileKeys.all(eventId) }),
  });
}
