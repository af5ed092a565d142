import type { Answers, Applied, ApplyPage } from '@funkis/shared';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { applyPageQueryKey } from './get-apply-page';

/** POST /api/event/{id}/apply {answers} → 201 the new application (400 per field, 409 closed or applied). */
export const apply = (eventId: string, answers: Answers) =>
  apiClient.post<Applied>(`/event/${eventId}/apply`, { answers });

export const applyMutationOptions = (eventId: string) =>
  mutationOptions({
    mutationKey: ['event', eventId, 'apply', 'send'],
    mutationFn: (answers: Answers) => apply(eventId, answers),
  });

/** The apply page then shows the submitted state; the home page's list shows the application status. */
export function useApply(eventId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    ...applyMutationOptions(eventId),
    onSuccess: ({ application }) => {
      queryClient.setQueryData<ApplyPage>(applyPageQueryKey(eventId), (page) =>
        page ? { ...page, application: { status: application.status, createdAt: application.createdAt } } : page,
      );
      void queryClient.invalidateQueries({ queryKey: ['events'], exact: true });
    },
  });
}
