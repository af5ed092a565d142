// Placeholder until the screen lands (issue #5): the route exists so the router and the other screens build.
export function EventFormRoute() {
  return null;
}
