import { type CodedMessage, LANGUAGES, type Language, UI } from '@funkis/shared';
import i18n, { type BackendModule, type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';

export const DEFAULT_LANGUAGE: Language = 'en';
const ONE_YEAR_SECONDS = 60 * 60 * 24 * 365;

const isLanguage = (value: string | null | undefined): value is Language =>
  !!value && (LANGUAGES as readonly string[]).includes(value);

export function readLanguageCookie(): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === UI.LANGUAGE_COOKIE) return decodeURIComponent(rest.join('='));
  }
  return null;
}

export function writeLanguageCookie(language: string): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is async and missing in some browsers (and jsdom); this is one fixed, encoded value
  document.cookie = `${UI.LANGUAGE_COOKIE}=${encodeURIComponent(language)}; path=/; max-age=${ONE_YEAR_SECONDS}; SameSite=Lax`;
}

/** The cookie first (any language we have, hidden ones too), then the browser if it asks for en or sv, else English. */
export function detectLanguage(): Language {
  const fromCookie = readLanguageCookie();
  if (isLanguage(fromCookie)) return fromCookie;
  const browser = typeof navigator !== 'undefined' ? (navigator.languages ?? [navigator.language]) : [];
  for (const tag of browser) {
    const base = tag?.toLowerCase().split('-')[0];
    if (base === 'en' || base === 'sv') return base;
  }
  return DEFAULT_LANGUAGE;
}

function applyLanguage(language: string) {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  writeLanguageCookie(language);
}

i18n.on('languageChanged', applyLanguage);

/**
 * Texts live in locales/<lng>/<namespace>.json: `translation` for the shell, one namespace per feature
 * (useTranslation('<feature>')). Each file is its own chunk, fetched when its language is used: a visitor loads
 * the files of the active language only, and a language switch fetches the new one first.
 */
const localeFiles = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', { import: 'default' });
const localeFile = (language: string, namespace: string) => `../locales/${language}/${namespace}.json`;
export const FEATURE_NAMESPACES = [
  ...new Set(Object.keys(localeFiles).map((file) => /locales\/[^/]+\/([^/]+)\.json$/.exec(file)?.[1] ?? 'translation')),
].filter((namespace) => namespace !== 'translation');

/**
 * The shared message catalogue as the `messages` namespace, one chunk per language made at build time
 * (build/messages-plugin.ts): the visitor fetches their language's messages only. Other languages have none and
 * fall back to English. `messageDefaults` keeps the parameters a schema fixes (a maximum length) per key.
 */
export const MESSAGES_NAMESPACE = 'messages';
const messageFiles: Record<string, () => Promise<typeof import('virtual:funkis-messages/en')>> = {
  en: () => import('virtual:funkis-messages/en'),
  sv: () => import('virtual:funkis-messages/sv'),
};
const messageDefaults: Record<string, Record<string, string | number>> = {};

const localeBackend: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    const load =
      namespace === MESSAGES_NAMESPACE
        ? messageFiles[language] &&
          (() =>
            messageFiles[language]?.().then((module) => {
              Object.assign(messageDefaults, module.params);
              return module.texts;
            }))
        : localeFiles[localeFile(language, namespace)];
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (texts) => callback(null, texts as never),
      (error: unknown) => callback(error instanceof Error ? error.message : String(error), false),
    );
  },
};

/** Resolves when the texts of the first language are loaded: main.tsx renders after it. */
export const i18nReady = i18n
  .use(localeBackend)
  .use(initReactI18next)
  .init({
    // Only the shell's texts before the first paint; a screen's namespaces come with its chunk (app/router.tsx,
    // `screen(…)`), so the login page does not fetch the scheduling texts (decision 017).
    ns: ['translation', MESSAGES_NAMESPACE],
    defaultNS: 'translation',
    lng: detectLanguage(),
    // English and Swedish are complete (test/locales.test.ts), so they fetch nothing else; the hidden languages
    // are partly English copies and fall back to English.
    fallbackLng: { en: [], sv: [], default: [DEFAULT_LANGUAGE] },
    supportedLngs: [...LANGUAGES],
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
  });

/**
 * Fetches text namespaces of the active language (and of every language switched to later: i18next keeps the list).
 * Resolves at once for namespaces already loaded.
 */
export function loadNamespaces(namespaces: readonly string[]): Promise<void> {
  return namespaces.length === 0 ? Promise.resolve() : i18n.loadNamespaces([...namespaces]);
}

/**
 * A message in the user's language: a coded message from the server ({ code, params }), a catalogue key (a
 * schema's message), or a text to show as it is. Nothing is ever matched back from English text.
 */
export function translateMessage(t: TFunction, message: CodedMessage | string): string {
  if (typeof message === 'string') {
    return isMessageKey(message) ? t(message, { ns: MESSAGES_NAMESPACE, ...messageDefaults[message] }) : message;
  }
  return t(message.code, { ns: MESSAGES_NAMESPACE, ...messageDefaults[message.code], ...message.params });
}

/** Whether a text is a key of the message catalogue (its messages are fetched before the first paint). */
export function isMessageKey(value: string): boolean {
  return /^[a-zA-Z]+\.[\w-]+$/.test(value) && i18n.exists(value, { ns: MESSAGES_NAMESPACE });
}

export { i18n };
