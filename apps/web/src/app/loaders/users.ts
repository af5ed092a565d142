import type { QueryClient } from '@tanstack/react-query';
import { groupsQueryOptions } from '../../api/get-groups';
import { usersQueryOptions } from '../../features/users/api/get-users';
import { parseUsersListState, usersQueryOf } from '../../features/users/api/list-params';
import { eventScreenLoader } from './event';

/** /event/{id}/users: the first list page the query string asks for and the groups (filter, dialogs). */
export const usersLoader = (queryClient: QueryClient, roles: readonly number[]) =>
  eventScreenLoader(queryClient, roles, (client, eventId, search) => [
    client.ensureQueryData(usersQueryOptions(eventId, usersQueryOf(parseUsersListState(search)))),
    client.ensureQueryData(groupsQueryOptions(eventId)),
  ]);
