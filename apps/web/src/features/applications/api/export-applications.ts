import { API_BASE_URL } from '../../../config/settings';
import type { ApplicationListParams } from './list-params';

/** CSV with `,`, CSV with `;` (Swedish Excel; both with a byte-order mark) or XLSX, as the users export offers. */
export type ApplicationExportChoice = 'csv' | 'csvSemicolon' | 'xlsx';

/**
 * The address of GET /api/event/{id}/applications/export: the review's filter and sort (every page), with the
 * chosen columns in their order (base columns and form field names). A plain link: the browser downloads the file
 * with the session cookie.
 */
export function exportApplicationsHref(
  eventId: number,
  choice: ApplicationExportChoice,
  params: Pick<ApplicationListParams, 'status' | 'groupId' | 'week' | 'search' | 'sort'>,
  columns: readonly string[],
): string {
  const search = new URLSearchParams({ format: choice === 'xlsx' ? 'xlsx' : 'csv' });
  if (choice === 'csvSemicolon') search.set('delimiter', 'semicolon');
  if (params.status.length) search.set('status', params.status.join(','));
  if (params.groupId.length) search.set('groupId', params.groupId.join(','));
  if (params.week.length) search.set('week', params.week.join(','));
  if (params.search.trim()) search.set('search', params.search.trim());
  search.set('sort', params.sort);
  if (columns.length > 0) search.set('columns', columns.join(','));
  return `${API_BASE_URL}/event/${eventId}/applications/export?${search.toString()}`;
}
