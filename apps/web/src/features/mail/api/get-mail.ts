import type { Mail } from '@funkis/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { mailKeys } from '../../../lib/query-keys';

/** GET /api/event/{id}/get-mail/{emailId}: one e-mail with every receiver's delivery state. */
export const getMail = (eventId: number, emailId: number, signal?: AbortSignal) =>
  apiClient.get<{ email: Mail }>(`/event/${eventId}/get-mail/${emailId}`, { signal });

export const mailQueryOptions = (eventId: number, emailId: number) =>
  queryOptions({
    queryKey: mailKeys.detail(eventId, emailId),
    queryFn: ({ signal }) => getMail(eventId, emailId, signal),
  });

/** Refreshes every 2 s while receivers are still queued or being sent, so states update while the page is open. */
export const useMail = (eventId: number, emailId: number) =>
  useQuery({
    ...mailQueryOptions(eventId, emailId),
    refetchInterval: (query) => {
      const counts = query.state.data?.email.counts;
      return counts && counts.queued + counts.sending > 0 ? 2000 : false;
    },
  });
