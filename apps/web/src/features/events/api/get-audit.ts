import type { AuditEntryView } from '@funkis/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { auditKeys } from '../../../lib/query-keys';

/** The audit log card's first page size (the control panel's loader starts its first page). */
export const AUDIT_FIRST_PAGE_SIZE = 10;

/** GET /api/event/{id}/audit?page=&pageSize= (admin) → entries newest first and the total. */
export const getAudit = (eventId: number, page: number, pageSize: number) =>
  apiClient.get<{ entries: AuditEntryView[]; total: number }>(`/event/${eventId}/audit`, {
    query: { page, pageSize },
  });

export const auditQueryOptions = (eventId: number, page: number, pageSize: number) =>
  queryOptions({
    queryKey: auditKeys.page(eventId, page, pageSize),
    queryFn: () => getAudit(eventId, page, pageSize),
    placeholderData: keepPreviousData,
  });

export function useAudit(eventId: number, page: number, pageSize: number) {
  return useQuery(auditQueryOptions(eventId, page, pageSize));
}
