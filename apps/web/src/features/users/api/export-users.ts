import type { MemberExportColumn } from '@funkis/shared';
import { API_BASE_URL } from '../../../config/settings';
import { type UsersFilters, usersFilterParams } from './get-users';

export type ExportFormat = 'csv' | 'xlsx';
/** What the toolbar offers: CSV with `,`, CSV with `;` (Swedish Excel; both with a byte-order mark) or XLSX. */
export type ExportChoice = ExportFormat | 'csvSemicolon';

/**
 * The address of GET /api/event/{id}/users/export: the filtered members (every page) with the chosen columns,
 * in their order. A plain link: the browser downloads the file with the session cookie.
 */
export function exportUsersHref(
  eventId: number,
  format: ExportChoice,
  filters: UsersFilters,
  columns: readonly MemberExportColumn[],
): string {
  const search = new URLSearchParams({ format: format === 'xlsx' ? 'xlsx' : 'csv' });
  if (format === 'csvSemicolon') search.set('delimiter', 'semicolon');
  for (const [key, value] of Object.entries(usersFilterParams(filters))) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  if (columns.length > 0) search.set('columns', columns.join(','));
  return `${API_BASE_URL}/event/${eventId}/users/export?${search.toString()}`;
}
