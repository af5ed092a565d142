import type { EventDetail } from '@funkis/shared';
import { createContext, type ReactNode, useContext } from 'react';

/**
 * The loaded event of the event area (spec section 4: authenticated with event, eventUser and eventForm). The
 * event layout provides it only once GET /api/event/{id} succeeded, so screens below it always have all three.
 */
export interface EventContextValue extends EventDetail {
  eventId: number;
  /** The caller's role level in the event: 0 admin, 1 group leader, 2 volunteer. */
  roleLevel: 0 | 1 | 2;
}

const EventContext = createContext<EventContextValue | null>(null);

export function EventProvider({ value, children }: { value: EventDetail; children: ReactNode }) {
  const context: EventContextValue = {
    ...value,
    eventId: value.event.id,
    roleLevel: value.eventUser.role.eventRole.roleLevel,
  };
  return <EventContext.Provider value={context}>{children}</EventContext.Provider>;
}

/** The event, the caller's membership and the form; only inside the event layout. */
export function useEventContext(): EventContextValue {
  const context = useContext(EventContext);
  if (!context) throw new Error('useEventContext must be used inside the event layout');
  return context;
}
