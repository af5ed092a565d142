import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { Breadcrumbs } from '../ui/breadcrumbs';
import { useEventContext } from './event-context';

/** Home › event name › screen, for every screen of the event area; omit `current` on the event home. */
export function EventBreadcrumbs({ current }: { current?: string }) {
  const { t } = useTranslation();
  const { event } = useEventContext();
  return (
    <Breadcrumbs
      items={[
        { label: t('breadcrumbs.home'), href: paths.home.href() },
        current ? { label: event.name, href: paths.event.root.href(event.id) } : { label: event.name },
        ...(current ? [{ label: current }] : []),
      ]}
    />
  );
}
