import {
  type CodedMessage,
  catalogue,
  isMessageKey,
  LANGUAGES,
  type Language,
  MESSAGE_LANGUAGES,
  type MessageEntry,
  messageParams,
  UI,
} from '@funkis/shared';
import i18n, { type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import da from '../locales/da/translation.json';
import de from '../locales/de/translation.json';
import en from '../locales/en/translation.json';
import es from '../locales/es/translation.json';
import fr from '../locales/fr/translation.json';
import no from '../locales/no/translation.json';
import sv from '../locales/sv/translation.json';
import zh from '../locales/zh/translation.json';

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

type Resources = Record<string, Record<string, Record<string, unknown>>>;
const resources: Resources = {
  en: { translation: en },
  sv: { translation: sv },
  no: { translation: no },
  da: { translation: da },
  de: { translation: de },
  fr: { translation: fr },
  es: { translation: es },
  zh: { translation: zh },
};
// Each feature keeps its texts in its own namespace file, locales/<lng>/<feature>.json (useTranslation('<feature>')).
const featureFiles = import.meta.glob<Record<string, unknown>>('../locales/*/*.json', {
  eager: true,
  import: 'default',
});
for (const [file, texts] of Object.entries(featureFiles)) {
  const [, language, namespace] = /locales\/([^/]+)\/([^/]+)\.json$/.exec(file) ?? [];
  if (language && namespace && namespace !== 'translation') {
    resources[language] ??= {};
    resources[language][namespace] = texts;
  }
}
export const FEATURE_NAMESPACES = [
  ...new Set(Object.values(resources).flatMap((namespaces) => Object.keys(namespaces))),
].filter((namespace) => namespace !== 'translation');

/**
 * The shared message catalogue (packages/shared/src/messages) as the `messages` namespace: English and Swedish
 * from the catalogue, other languages fall back to English. `{name}` becomes i18next's `{{name}}`.
 */
export const MESSAGES_NAMESPACE = 'messages';
for (const language of MESSAGE_LANGUAGES) {
  const texts: Record<string, Record<string, string>> = {};
  for (const [key, entry] of Object.entries(catalogue) as [string, MessageEntry][]) {
    const [group, name] = key.split('.') as [string, string];
    texts[group] ??= {};
    texts[group][name] = entry[language].replace(/\{(\w+)\}/g, '{{$1}}');
  }
  resources[language] ??= {};
  resources[language][MESSAGES_NAMESPACE] = texts;
}

void i18n.use(initReactI18next).init({
  resources,
  ns: ['translation', MESSAGES_NAMESPACE, ...FEATURE_NAMESPACES],
  defaultNS: 'translation',
  lng: detectLanguage(),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  initAsync: false,
  interpolation: { escapeValue: false },
  returnNull: false,
});

/**
 * A message in the user's language: a coded message from the server ({ code, params }), a catalogue key (a
 * schema's message), or a text to show as it is. Nothing is ever matched back from English text.
 */
export function translateMessage(t: TFunction, message: CodedMessage | string): string {
  if (typeof message === 'string') {
    return isMessageKey(message) ? t(message, { ns: MESSAGES_NAMESPACE, ...messageParams(message) }) : message;
  }
  return t(message.code, { ns: MESSAGES_NAMESPACE, ...messageParams(message.code, message.params) });
}

export { i18n };
