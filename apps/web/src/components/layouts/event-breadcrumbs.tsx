import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';
import { type BreadcrumbItem, Breadcrumbs } from '../ui/breadcrumbs';
import { useEventContext } from './event-context';

/**
 * Home › event name › screen, for every screen of the event area; omit `current` on the event home. `parents`
 * go between the event and the current screen (E-mail › New e-mail).
 */
export function EventBreadcrumbs({ current, parents = [] }: { current?: string; parents?: BreadcrumbItem[] }) {
  const { t } = useTranslation();
  const { event } = useEventContext();
  return (
    <Breadcrumbs
      items={[
        { label: t('breadcrumbs.home'), href: paths.home.href() },
        current ? { label: event.name, href: paths.event.root.href(event.id) } : { label: event.name },
        ...(current ? [...parents, { label: current }] : []),
      ]}
    />
  );
}
