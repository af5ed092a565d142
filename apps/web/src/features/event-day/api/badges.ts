import { API_BASE_URL } from '../../../config/settings';

export type BadgeSize = 'a4' | 'labels';

/**
 * GET /api/event/{id}/badges.pdf: every member's badge with their code (admins), a leader's own group's; A4 sheets
 * or 70 x 37 mm labels. A plain link, downloaded with the session cookie.
 */
export function badgesHref(eventId: number, size: BadgeSize, groupId?: number | null): string {
  const search = new URLSearchParams({ size });
  if (groupId) search.set('groupId', String(groupId));
  return `${API_BASE_URL}/event/${eventId}/badges.pdf?${search.toString()}`;
}
