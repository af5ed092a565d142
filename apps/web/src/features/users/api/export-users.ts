import type { MemberExportColumn } from '@funkis/shared';
import { API_BASE_URL } from '../../../config/settings';
import { type UsersFilters, usersFilterParams } from './get-users';

export type ExportFormat = 'csv' | 'xlsx';

/**
 * The address of GET /api/event/{id}/users/export: the filtered members (every page) with the chosen columns,
 * in their order. A plain link: the browser downloads the file with the session cookie.
 */
export function exportUsersHref(
  eventId: number,
  format: ExportFormat,
  filters: UsersFilters,
  columns: readonly MemberExportColumn[],
): string {
  const search = new URLSearchParams({ format });
  for (const [key, value] of Object.entries(usersFilterParams(filters))) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  if (columns.length > 0) search.set('columns', columns.join(','));
  return `${API_BASE_URL}/event/${eventId}/users/export?${search.toString()}`;
}
