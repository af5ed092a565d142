import { useTranslation } from 'react-i18next';
import { EventBreadcrumbs } from '../../../components/layouts/event-breadcrumbs';
import { useEventContext } from '../../../components/layouts/event-context';
import { PageContainer } from '../../../components/ui/page-container';
import { UsersPage } from '../../../features/users/components/users-page';

/** /event/{eventId}/users (levels 0 and 1): the users table; admins also change memberships. */
export function EventUsersRoute() {
  const { t } = useTranslation();
  const { eventId, roleLevel } = useEventContext();
  return (
    <PageContainer>
      <EventBreadcrumbs current={t('breadcrumbs.users')} />
      <UsersPage key={eventId} eventId={eventId} roleLevel={roleLevel} />
    </PageContainer>
  );
}
