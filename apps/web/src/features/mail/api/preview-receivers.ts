import type { MailPreview, MailReceiverFilter } from '@funkis/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { mailKeys } from '../../../lib/query-keys';

/**
 * POST /api/event/{id}/mail-receivers/preview: the live count, the first names, the delivery time, and the
 * picked files some receivers cannot open.
 */
export const previewReceivers = (eventId: number, receivers: MailReceiverFilter, fileIds: number[] = []) =>
  apiClient.post<MailPreview>(`/event/${eventId}/mail-receivers/preview`, { receivers, fileIds });

export const previewQueryOptions = (eventId: number, receivers: MailReceiverFilter, fileIds: number[] = []) =>
  queryOptions({
    queryKey: mailKeys.preview(eventId, { receivers, fileIds }),
    queryFn: () => previewReceivers(eventId, receivers, fileIds),
  });

export const usePreviewReceivers = (eventId: number, receivers: MailReceiverFilter, fileIds: number[] = []) =>
  useQuery({ ...previewQueryOptions(eventId, receivers, fileIds), placeholderData: keepPreviousData, retry: false });
