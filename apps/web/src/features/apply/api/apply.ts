import type { Answers, Applied, ApplyPage } from '@funkis/shared';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { eventKeys } from '../../../lib/query-keys';
import { applyPageQueryOptions } from './get-apply-page';

/** POST /api/event/{id}/apply {answers} → 201 the new application (400 per field, 409 closed or applied). */
export const apply = (eventId: number, answers: Answers) =>
  apiClient.post<Applied>(`/event/${eventId}/apply`, { answers });

export const applyMutationOptions = (eventId: number) =>
  mutationOptions({
    mutationKey: ['apply', eventId, 'send'],
    mutationFn: (answers: Answers) => apply(eventId, answers),
  });

/** The apply page then shows the submitted state; the home page's list shows the application status. */
export function useApply(eventId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    ...applyMutationOptions(eventId),
    onSuccess: ({ application }) => {
      queryClient.setQueryData<ApplyPage>(applyPageQueryOptions(eventId).queryKey, (page) =>
        page ? { ...page, application: { status: application.status, createdAt: application.createdAt } } : page,
      );
      void queryClient.invalidateQueries({ queryKey: eventKeys.list() });
    },
  });
}
