import { useParams } from 'react-router';
import { NotFound } from '../../../components/ui/not-found';
import { UsersPage } from '../../../features/users/components/users-page';

/** /event/{eventId}/users: the users table (levels 0 and 1). */
export function EventUsersRoute() {
  const { eventId } = useParams();
  const id = Number(eventId);
  if (!Number.isInteger(id) || id <= 0) return <NotFound />;
  return <UsersPage key={id} eventId={id} />;
}
