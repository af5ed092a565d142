import type { MailReceiverFilter } from '@funkis/shared';

/** Query keys of the e-mail area; `eventId` is a number everywhere. */
export const mailKeys = {
  all: (eventId: number) => ['mail', eventId] as const,
  lists: (eventId: number) => ['mail', eventId, 'list'] as const,
  list: (eventId: number, folder: { customLabel?: number; systemLabel?: string }) =>
    ['mail', eventId, 'list', folder] as const,
  details: (eventId: number) => ['mail', eventId, 'detail'] as const,
  detail: (eventId: number, emailId: number) => ['mail', eventId, 'detail', emailId] as const,
  labels: (eventId: number) => ['mail', eventId, 'labels'] as const,
  preview: (eventId: number, filter: MailReceiverFilter) => ['mail', eventId, 'preview', filter] as const,
  candidates: (eventId: number, search: string) => ['mail', eventId, 'candidates', search] as const,
  groups: (eventId: number) => ['mail', eventId, 'groups'] as const,
};
