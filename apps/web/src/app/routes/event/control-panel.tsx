// Placeholder until the screen lands (issue #4): the route exists so the router and the other screens build.
export function EventControlPanelRoute() {
  return null;
}
