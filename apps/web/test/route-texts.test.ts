import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build script without types (shared with scripts/check-budgets.mjs)
import { namespacesUsedBy, routerScreens, UP_FRONT_NAMESPACES } from '../scripts/route-texts.mjs';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

interface Screen {
  module: string;
  namespaces: string[];
}

describe('texts fetched with each screen (decision 017)', () => {
  const screens: Screen[] = routerScreens(webDir);

  it('reads every lazy screen of the router', () => {
    const modules = screens.map((screen) => screen.module);
    expect(modules).toContain('src/app/routes/login.tsx');
    expect(modules).toContain('src/app/routes/event/layout.tsx');
    expect(modules).toContain('src/app/routes/event/scheduling.tsx');
    expect(modules).toContain('src/components/layouts/main-layout.tsx');
    expect(screens.length).toBeGreaterThanOrEqual(20);
  });

  it.each(screens.map((screen) => [screen.module, screen] as const))(
    '%s names every namespace it uses',
    (module, screen) => {
      const used = [...namespacesUsedBy(path.join(webDir, module))] as string[];
      const missing = used.filter(
        (namespace) => !UP_FRONT_NAMESPACES.includes(namespace) && !screen.namespaces.includes(namespace),
      );
      expect(missing, `add ${missing.join(', ')} to its screen([…]) in src/app/router.tsx`).toEqual([]);
    },
  );

  it('the first paint (the entry and its static imports) uses only the up-front namespaces', () => {
    const used = [...namespacesUsedBy(path.join(webDir, 'src/main.tsx'), { followDynamic: false })] as string[];
    expect(used.filter((namespace) => !UP_FRONT_NAMESPACES.includes(namespace))).toEqual([]);
  });

  it('leaves to a lazy section the texts it fetches itself (lazySection), and only those', () => {
    const section = path.join(webDir, 'src/features/account/components/notifications-card.tsx');
    expect([...namespacesUsedBy(section)]).toContain('notifications');
    expect([...namespacesUsedBy(path.join(webDir, 'src/app/routes/account.tsx'))]).not.toContain('notifications');
  });

  it('finds a namespace used deep in a screen (the checker can fail)', () => {
    // The scheduling screen's planning views use `planning` several imports away from the route module.
    const used = namespacesUsedBy(path.join(webDir, 'src/app/routes/event/scheduling.tsx'));
    expect([...used]).toEqual(expect.arrayContaining(['scheduling', 'planning']));
    expect(namespacesUsedBy(path.join(webDir, 'src/app/routes/login.tsx')).has('scheduling')).toBe(false);
  });
});
