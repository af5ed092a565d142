import type { EventFile, UpdateFileInput } from '@funkis/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { fileKeys } from '../../../lib/query-keys';

/** POST /api/event/{id}/files/{fileId} { name?, roles? } (admin) → the file. */
export const updateFile = ({ eventId, fileId, ...input }: UpdateFileInput & { eventId: number; fileId: number }) =>
  apiClient.post<{ file: EventFile }>(`/event/${eventId}/files/${fileId}`, input);

export function useUpdateFile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFile,
    onSuccess: (_data, { eventId }) => queryClient.invalidateQueries({ queryKey: fileKeys.all(eventId) }),
  });
}
