import { Outlet } from 'react-router';

// Placeholder until the event layout lands (issue #4): renders the screen without sidebar or role guard.
export function EventLayoutRoute() {
  return <Outlet />;
}
