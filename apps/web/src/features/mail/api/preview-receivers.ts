import type { MailPreview, MailReceiverFilter } from '@funkis/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { mailKeys } from '../../../lib/query-keys';

/** POST /api/event/{id}/mail-receivers/preview: the live count, the first names and the delivery time. */
export const previewReceivers = (eventId: number, receivers: MailReceiverFilter) =>
  apiClient.post<MailPreview>(`/event/${eventId}/mail-receivers/preview`, { receivers });

export const previewQueryOptions = (eventId: number, receivers: MailReceiverFilter) =>
  queryOptions({
    queryKey: mailKeys.preview(eventId, receivers),
    queryFn: () => previewReceivers(eventId, receivers),
  });

export const usePreviewReceivers = (eventId: number, receivers: MailReceiverFilter) =>
  useQuery({ ...previewQueryOptions(eventId, receivers), placeholderData: keepPreviousData, retry: false });
