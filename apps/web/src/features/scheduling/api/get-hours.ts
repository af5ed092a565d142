import type { HoursRow } from '@funkis/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API_BASE_URL } from '../../../config/settings';
import { apiClient } from '../../../lib/api-client';
import { shiftKeys } from '../../../lib/query-keys';

export interface HoursFilters {
  groupId: '' | number;
  arrivedOnly: boolean;
}

const params = (filters: HoursFilters) => ({
  groupId: filters.groupId,
  arrivedOnly: filters.arrivedOnly ? '1' : '',
});

/** GET /api/event/{id}/scheduling/hours: hours per member holding shifts (organisers), by name, paged. */
export function useHours(eventId: number, filters: HoursFilters, page: number, pageSize: number) {
  return useQuery({
    queryKey: shiftKeys.list(eventId, { kind: 'hours', ...filters, page, pageSize }),
    queryFn: ({ signal }) =>
      apiClient.get<{ rows: HoursRow[]; total: number }>(`/event/${eventId}/scheduling/hours`, {
        signal,
        query: { ...params(filters), page, pageSize },
      }),
    placeholderData: keepPreviousData,
  });
}

export type HoursExport = 'csv' | 'csv-semicolon' | 'xlsx';

/** The address of the hours export (every row): a plain link, downloaded with the session cookie. */
export function hoursExportHref(eventId: number, filters: HoursFilters, format: HoursExport): string {
  const search = new URLSearchParams({ format: format === 'xlsx' ? 'xlsx' : 'csv' });
  if (format === 'csv-semicolon') search.set('delimiter', 'semicolon');
  for (const [key, value] of Object.entries(params(filters))) if (value !== '') search.set(key, String(value));
  return `${API_BASE_URL}/event/${eventId}/scheduling/hours/export?${search.toString()}`;
}
