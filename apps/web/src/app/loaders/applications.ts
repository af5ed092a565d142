import type { QueryClient } from '@tanstack/react-query';
import { groupsQueryOptions } from '../../api/get-groups';
import { applicationsQueryOptions } from '../../features/applications/api/get-applications';
import { parseApplicationListParams } from '../../features/applications/api/list-params';
import { eventScreenLoader } from './event';

/** /event/{id}/applications: the first list page the query string asks for and the groups (filter, bulk choice). */
export const applicationsLoader = (queryClient: QueryClient, roles: readonly number[]) =>
  eventScreenLoader(queryClient, roles, (client, eventId, search) => [
    client.ensureQueryData(applicationsQueryOptions(eventId, parseApplicationListParams(search))),
    client.ensureQueryData(groupsQueryOptions(eventId)),
  ]);
