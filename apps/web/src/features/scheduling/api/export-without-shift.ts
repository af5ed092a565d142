import { API_BASE_URL } from '../../../config/settings';
import type { WithoutShiftFilters } from './get-open-places';

export type WithoutShiftExport = 'csv' | 'csvSemicolon' | 'xlsx';

/**
 * The address of GET /api/event/{id}/scheduling/without-shift/export: the "no shift" list with the screen's search
 * and group, every row; the server does the selection. A plain link, downloaded with the session cookie.
 */
export function withoutShiftExportHref(eventId: number, filters: WithoutShiftFilters, format: WithoutShiftExport) {
  const search = new URLSearchParams({ format: format === 'xlsx' ? 'xlsx' : 'csv' });
  if (format === 'csvSemicolon') search.set('delimiter', 'semicolon');
  if (filters.search.trim() !== '') search.set('search', filters.search.trim());
  if (filters.groupId !== '') search.set('groupId', String(filters.groupId));
  return `${API_BASE_URL}/event/${eventId}/scheduling/without-shift/export?${search.toString()}`;
}
