// Placeholder until the screen lands (issue #6): the route exists so the router and the other screens build.
export function EventApplicationsRoute() {
  return null;
}
