import { HOURS_EXPORT_COLUMNS, type HoursExportColumn, type HoursRow } from '@funkis/shared';
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

/**
 * The address of the hours export (every row) with the chosen columns in their order (left out when they are
 * all, in the export's order): a plain link, downloaded with the session cookie.
 */
export function hoursExportHref(
  eventId: number,
  filters: HoursFilters,
  format: HoursExport,
  columns: readonly HoursExportColumn[],
): string {
  const search = new URLSearchParams({ format: format === 'xlsx' ? 'xlsx' : 'csv' });
  if (format === 'csv-semicolon') search.set('delimiter', 'semicolon');
  for (const [key, value] of Object.entries(params(filters))) if (value !== '') search.set(key, String(value));
  const isEvery =
    columns.length === HOURS_EXPORT_COLUMNS.length && columns.every((c, i) => c === HOURS_EXPORT_COLUMNS[i]);
  if (columns.length > 0 && !isEvery) search.set('columns', columns.join(','));
  return `${API_BASE_URL}/event/${eventId}/scheduling/hours/export?${search.toString()}`;
}
