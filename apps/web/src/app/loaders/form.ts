import type { QueryClient } from '@tanstack/react-query';
import { formQueryOptions } from '../../features/form-builder/api/get-form';
import { eventScreenLoader } from './event';

/** /event/{id}/form: the form as the builder edits it. */
export const formLoader = (queryClient: QueryClient, roles: readonly number[]) =>
  eventScreenLoader(queryClient, roles, (client, eventId) => [client.ensureQueryData(formQueryOptions(eventId))]);
