import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches, useParams } from 'react-router';
import { useEvent } from '../../../api/get-event';
import { EventProvider } from '../../../components/layouts/event-context';
import { EventSidebar } from '../../../components/layouts/event-sidebar';
import { MainLayout } from '../../../components/layouts/main-layout';
import { AccessDenied } from '../../../components/ui/access-denied';
import { ServerUnreachablePage } from '../../../components/ui/server-unreachable';
import { isUnreachableError } from '../../../lib/api-client';
import type { EventRouteHandle } from '../../event-route-handle';

/** The role levels the deepest matched screen allows; undefined: every member. */
function useRequiredRoles(): readonly number[] | undefined {
  const matches = useMatches();
  for (let index = matches.length - 1; index >= 0; index -= 1) {
    const handle = matches[index]?.handle as EventRouteHandle | undefined;
    if (handle?.roles) return handle.roles;
  }
  return undefined;
}

/**
 * /event/{id}/* — the event state of spec section 4: loading (uninitialised) → spinner; success → the event, the
 * caller's membership and the form for every screen below; any failure → the access-denied page. The matched
 * screen's `handle.roles` is enforced here too (the server refuses the same anyway).
 */
export function EventLayoutRoute() {
  const { t } = useTranslation();
  const { eventId } = useParams();
  const id = Number(eventId);
  const isValidId = Number.isInteger(id) && id > 0;
  const eventQuery = useEvent(id);
  const roles = useRequiredRoles();

  // Kept from an earlier visit (lib/offline-data.ts), the event shows without signal; the banner says since when.
  if (isValidId && eventQuery.isError && isUnreachableError(eventQuery.error) && !eventQuery.data) {
    // Not "access denied": the server is away. Retry until it answers, then load the event again.
    return (
      <MainLayout>
        <ServerUnreachablePage onRecovered={() => void eventQuery.refetch()} />
      </MainLayout>
    );
  }
  if (!isValidId || (eventQuery.isError && !(isUnreachableError(eventQuery.error) && eventQuery.data))) {
    return (
      <MainLayout>
        <AccessDenied />
      </MainLayout>
    );
  }
  if (!eventQuery.data) {
    return (
      <MainLayout>
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
          <CircularProgress aria-label={t('app.loading')} />
        </Box>
      </MainLayout>
    );
  }
  const roleLevel = eventQuery.data.eventUser.role.eventRole.roleLevel;
  const isAllowed = !roles || roles.includes(roleLevel);
  return (
    <EventProvider value={eventQuery.data}>
      <MainLayout sidebar={<EventSidebar />}>{isAllowed ? <Outlet /> : <AccessDenied />}</MainLayout>
    </EventProvider>
  );
}
