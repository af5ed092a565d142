import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { LANGUAGES } from '@funkis/shared';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createInstance, type Resource } from 'i18next';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AuthLayout } from '../../components/layouts/auth-layout';
import { paths } from '../../config/paths';
import { defaultSettings } from '../../config/settings';
import { createAppTheme } from '../../config/theme/create-app-theme';
import { formatDocumentTitle } from '../../hooks/use-document-title';
import { AuthProvider } from '../../lib/auth';
import { applyKeys } from '../../lib/query-keys';
import { SettingsProvider } from '../../lib/settings';
import { ApplyRoute } from '../routes/apply';
import { ApplyRegisterRoute } from '../routes/apply-register';
import { LoginRoute } from '../routes/login';
import { RegisterRoute } from '../routes/register';
import { PRERENDER_EVENT_ID, PRERENDER_EVENT_NAME } from './markers';

/**
 * Rendered at build time (scripts/prerender.mjs, decision 029): the first pages a volunteer sees — login, register
 * and the apply link — as HTML with their styles, one per language, so a phone paints the real page before any
 * script has arrived. The app then takes over (src/lib/prerendered.ts). The same components as the app's routes,
 * under the providers they need, with an anonymous visitor and the default (light) settings.
 */

const texts = import.meta.glob<Record<string, unknown>>('../../locales/*/{translation,apply,forms}.json', {
  eager: true,
  import: 'default',
});

function resources(): Resource {
  const all: Resource = {};
  for (const [file, content] of Object.entries(texts)) {
    const [, language = 'en', namespace = 'translation'] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file) ?? [];
    all[language] ??= {};
    all[language][namespace] = content;
  }
  return all;
}

export const PAGES = ['login', 'register', 'apply', 'apply-preview', 'apply-register', 'apply-register-preview'];
export type Page = (typeof PAGES)[number];

const urlOf: Record<Page, string> = {
  login: paths.auth.login.href(),
  register: paths.auth.register.href(),
  apply: paths.event.apply.href(PRERENDER_EVENT_ID),
  'apply-preview': paths.event.apply.href(PRERENDER_EVENT_ID),
  'apply-register': paths.event.applyRegister.href(PRERENDER_EVENT_ID),
  'apply-register-preview': paths.event.applyRegister.href(PRERENDER_EVENT_ID),
};

export interface RenderedPage {
  /** The page's markup after one <style> with every rule it uses. */
  html: string;
  /** The document title the page sets once alive. */
  title: string;
}

export const languages = LANGUAGES;

export async function renderPage(page: Page, language: string): Promise<RenderedPage> {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: language,
    fallbackLng: 'en',
    resources: resources(),
    ns: ['translation', 'apply', 'forms'],
    defaultNS: 'translation',
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  const queryClient = new QueryClient();
  if (page.endsWith('-preview')) {
    // The server puts the event's own name in (apps/server/src/plugins/web.ts), escaped.
    queryClient.setQueryData(applyKeys.preview(PRERENDER_EVENT_ID), {
      event: { id: PRERENDER_EVENT_ID, name: PRERENDER_EVENT_NAME, avatarUrl: null },
    });
  }
  const settings = { ...defaultSettings(), theme: 'LIGHT' as const };
  const theme = createAppTheme(settings, { reducedMotion: false });
  const cache = createCache({ key: 'muiltr' });
  // Compat mode keeps every rule in `cache.inserted` instead of a <style> before each element: one sheet, at the
  // top, that the browser reads once (52 inline sheets made a slow phone paint the page in parts, and shift).
  cache.compat = true;
  const tree = (children: ReactNode) => (
    <I18nextProvider i18n={i18n}>
      <SettingsProvider>
        <CacheProvider value={cache}>
          <ThemeProvider theme={theme}>
            <CssBaseline enableColorScheme />
            <QueryClientProvider client={queryClient}>
              <AuthProvider initialUser={null}>
                <MemoryRouter initialEntries={[urlOf[page] ?? '/']}>{children}</MemoryRouter>
              </AuthProvider>
            </QueryClientProvider>
          </ThemeProvider>
        </CacheProvider>
      </SettingsProvider>
    </I18nextProvider>
  );
  const html = renderToString(
    tree(
      <Routes>
        <Route element={<AuthLayout />}>
          <Route path={paths.auth.login.path} element={<LoginRoute />} />
          <Route path={paths.auth.register.path} element={<RegisterRoute />} />
        </Route>
        <Route path={paths.event.apply.path} element={<ApplyRoute />} />
        <Route path={paths.event.applyRegister.path} element={<ApplyRegisterRoute />} />
      </Routes>,
    ),
  );
  // The app's emotion cache (same key) adopts this sheet's class rules when it starts, so it does not add them
  // again. The global rules (CssBaseline's `html` and `body`: the LIGHT background and colour scheme) go in a sheet
  // of their own that is not adopted and leaves with the painted page: adopted, they stayed after the takeover and,
  // coming after the app's global sheet, kept the LIGHT background under any other theme.
  const names = Object.keys(cache.inserted).filter((name) => typeof cache.inserted[name] === 'string');
  const isClassRule = (name: string) => String(cache.inserted[name]).includes(`.muiltr-${name}`);
  const adopted = names.filter(isClassRule);
  const rulesOf = (chosen: string[]) => chosen.map((name) => cache.inserted[name]).join('');
  const sheet =
    `<style data-emotion="muiltr ${adopted.join(' ')}">${rulesOf(adopted)}</style>` +
    `<style>${rulesOf(names.filter((name) => !isClassRule(name)))}</style>`;
  const title = i18n.t(page.includes('register') ? 'register.pageTitle' : 'login.pageTitle');
  return { html: sheet + html, title: formatDocumentTitle(title) };
}
