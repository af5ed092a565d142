import type { QueryClient } from '@tanstack/react-query';
import { groupsQueryOptions } from '../../api/get-groups';
import { accessQueryOptions } from '../../features/events/api/get-access';
import { AUDIT_FIRST_PAGE_SIZE, auditQueryOptions } from '../../features/events/api/get-audit';
import { eventScreenLoader } from './event';

/** /event/{id}/control-panel: the groups, the access lists and the audit log's first page. */
export const controlPanelLoader = (queryClient: QueryClient, roles: readonly number[]) =>
  eventScreenLoader(queryClient, roles, (client, eventId) => [
    client.ensureQueryData(groupsQueryOptions(eventId)),
    client.ensureQueryData(accessQueryOptions(eventId)),
    client.ensureQueryData(auditQueryOptions(eventId, 1, AUDIT_FIRST_PAGE_SIZE)),
  ]);
