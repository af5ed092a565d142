import { HOURS_EXPORT_COLUMNS, type HoursExportColumn } from '@funkis/shared';
import { API_BASE_URL } from '../../../config/settings';
import { type HoursFilters, hoursParams } from './get-hours';

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
  for (const [key, value] of Object.entries(hoursParams(filters))) if (value !== '') search.set(key, String(value));
  const isEvery =
    columns.length === HOURS_EXPORT_COLUMNS.length && columns.every((c, i) => c === HOURS_EXPORT_COLUMNS[i]);
  if (columns.length > 0 && !isEvery) search.set('columns', columns.join(','));
  return `${API_BASE_URL}/event/${eventId}/scheduling/hours/export?${search.toString()}`;
}
