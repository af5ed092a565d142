import type { MailReceiverState } from '@funkis/shared';

export const STATE_COLORS: Record<MailReceiverState, 'default' | 'info' | 'success' | 'error'> = {
  queued: 'default',
  sending: 'info',
  sent: 'success',
  failed: 'error',
};

/** "about 3 minutes" style duration parts for the confirm dialog. */
export function durationParts(seconds: number): { key: 'seconds' | 'minutes' | 'hours'; count: number } {
  if (seconds < 90) return { key: 'seconds', count: Math.max(1, Math.round(seconds)) };
  if (seconds < 90 * 60) return { key: 'minutes', count: Math.round(seconds / 60) };
  return { key: 'hours', count: Math.round((seconds / 3600) * 10) / 10 };
}

export const formatDateTime = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
