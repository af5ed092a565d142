import type { QueryClient } from '@tanstack/react-query';
import { mailLabelsQueryOptions } from '../../features/mail/api/get-mail-labels';
import { mailsQueryOptions } from '../../features/mail/api/get-mails';
import { eventScreenLoader } from './event';

/** /event/{id}/email/*: the labels of the mail sidebar and the Sent folder, where the area opens. */
export const mailLoader = (queryClient: QueryClient, roles: readonly number[]) =>
  eventScreenLoader(queryClient, roles, (client, eventId) => [
    client.ensureQueryData(mailLabelsQueryOptions(eventId)),
    client.ensureQueryData(mailsQueryOptions(eventId, { systemLabel: 'sent' })),
  ]);
