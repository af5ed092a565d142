import type { EventForm, SaveFormInput } from '@funkis/shared';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateEventChange } from '../../../api/invalidate';
import { apiClient } from '../../../lib/api-client';
import { formKeys } from '../../../lib/query-keys';

/** POST /api/event/{id}/form → the saved form (409 when someone saved in the meantime). */
export const saveForm = (eventId: number, input: SaveFormInput) =>
  apiClient.post<EventForm & { success?: true }>(`/event/${eventId}/form`, input);

export const saveFormMutationOptions = (eventId: number) =>
  mutationOptions({
    mutationKey: ['form', eventId, 'save'],
    mutationFn: (input: SaveFormInput) => saveForm(eventId, input),
  });

/**
 * The builder's form is replaced by the answer; the event (the layout's copy carries the form), the apply page
 * and the answer columns of the applications review are read again.
 */
export function useSaveForm(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    ...saveFormMutationOptions(eventId),
    onSuccess: ({ fields, updatedAt, nextFieldNumber }) => {
      queryClient.setQueryData<EventForm>(formKeys.detail(eventId), { fields, updatedAt, nextFieldNumber });
      void invalidateEventChange(queryClient, eventId);
    },
  });
}
