/**
 * The `handle` of an event screen's route: `roles` lists the role levels allowed on it (spec section 6); the
 * event layout shows the access-denied page to others. Its own module so the router and the layout share it
 * without importing each other.
 */
export interface EventRouteHandle {
  roles?: readonly number[];
}
