import type { EventForm, SaveFormInput } from '@funkis/shared';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { formQueryKey } from './get-form';

/** POST /api/event/{id}/form → the saved form (409 when someone saved in the meantime). */
export const saveForm = (eventId: string, input: SaveFormInput) =>
  apiClient.post<EventForm & { success?: true }>(`/event/${eventId}/form`, input);

export const saveFormMutationOptions = (eventId: string) =>
  mutationOptions({
    mutationKey: ['event', eventId, 'form', 'save'],
    mutationFn: (input: SaveFormInput) => saveForm(eventId, input),
  });

/** The builder's form is replaced by the answer; the event (with its form) and the apply page are read again. */
export function useSaveForm(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...saveFormMutationOptions(eventId),
    onSuccess: ({ fields, updatedAt, nextFieldNumber }) => {
      queryClient.setQueryData<EventForm>(formQueryKey(eventId), { fields, updatedAt, nextFieldNumber });
      // GET /api/event/{id} carries the form too (event layout), and the apply page shows it.
      void queryClient.invalidateQueries({ queryKey: ['event', Number(eventId)], exact: true });
      void queryClient.invalidateQueries({ queryKey: ['event', Number(eventId), 'apply'], exact: true });
    },
  });
}
