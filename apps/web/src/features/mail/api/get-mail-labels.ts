import type { MailLabel } from '@funkis/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { mailKeys } from '../../../lib/query-keys';

/** GET /api/event/{id}/mail-labels: Sent and the custom labels with their counts. */
export const getMailLabels = (eventId: number, signal?: AbortSignal) =>
  apiClient.get<{ labels: MailLabel[] }>(`/event/${eventId}/mail-labels`, { signal });

export const mailLabelsQueryOptions = (eventId: number) =>
  queryOptions({ queryKey: mailKeys.labels(eventId), queryFn: ({ signal }) => getMailLabels(eventId, signal) });

export const useMailLabels = (eventId: number) => useQuery(mailLabelsQueryOptions(eventId));
