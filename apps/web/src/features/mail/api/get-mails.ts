import type { MailSummary } from '@funkis/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { mailKeys } from '../../../lib/query-keys';

export interface MailFolder {
  customLabel?: number;
  systemLabel?: string;
}

/** GET /api/event/{id}/get-mails?customLabel=&systemLabel=: a folder's e-mails, newest first. */
export const getMails = (eventId: number, folder: MailFolder, signal?: AbortSignal) =>
  apiClient.get<{ emails: MailSummary[] }>(`/event/${eventId}/get-mails`, {
    signal,
    query: {
      ...(folder.customLabel !== undefined ? { customLabel: folder.customLabel } : {}),
      ...(folder.systemLabel ? { systemLabel: folder.systemLabel } : {}),
    },
  });

export const mailsQueryOptions = (eventId: number, folder: MailFolder) =>
  queryOptions({
    queryKey: mailKeys.list(eventId, folder),
    queryFn: ({ signal }) => getMails(eventId, folder, signal),
  });

/**
 * Refreshes while any e-mail of the folder is still being delivered. `select` (a function that keeps its identity:
 * declared once, outside components) shapes the answer for the caller as each render reads it.
 */
export const useMails = <T = { emails: MailSummary[] }>(
  eventId: number,
  folder: MailFolder,
  select?: (data: { emails: MailSummary[] }) => T,
) =>
  useQuery({
    ...mailsQueryOptions(eventId, folder),
    refetchInterval: (query) =>
      query.state.data?.emails.some((email) => email.counts.queued + email.counts.sending > 0) ? 3000 : false,
    select,
  });
