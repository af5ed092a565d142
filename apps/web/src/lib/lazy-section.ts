import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { i18n } from './i18n';

/**
 * A part of a screen in a chunk of its own, fetched together with the text namespaces it uses, so it shows with
 * its texts; render it inside <Suspense>. Its code and texts are not part of the screen's up-front weight
 * (scripts/check-budgets.mjs). scripts/route-texts.mjs reads these calls as it reads the router's `screen(…)`:
 * a namespace the section uses must be named here (test/route-texts.test.ts).
 */
export function lazySection<TProps extends object>(
  namespaces: readonly string[],
  load: () => Promise<ComponentType<TProps>>,
): LazyExoticComponent<ComponentType<TProps>> {
  return lazy(async () => {
    // i18n.loadNamespaces rather than lib/i18n's loadNamespaces: the entry then exports nothing more for this.
    const [Component] = await Promise.all([load(), i18n.loadNamespaces([...namespaces])]);
    return { default: Component };
  });
}
