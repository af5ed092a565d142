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

/** Asks only once something is chosen (`enabled`): an empty choice names nobody, there is nothing to count. */
export const usePreviewReceivers = (
  eventId: number,
  receivers: MailReceiverFilter,
  fileIds: number[] = [],
  enabled = true,
) =>
  useQuery({
    ...previewQueryOptions(eventId, receivers, fileIds),
    placeholderData: keepPreviousData,
    retry: false,
    enabled,
  });
