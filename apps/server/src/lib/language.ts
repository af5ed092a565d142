import { LANGUAGES, UI } from '@funkis/shared';
import type { FastifyRequest } from 'fastify';

/** The languages mail is written in; everything else gets English. */
export type MailLanguage = 'en' | 'sv';

/** The reader's language at the time of the request: the web's `language` cookie, else Accept-Language. */
export function languageOf(request: FastifyRequest): MailLanguage {
  const cookie = request.cookies?.language;
  if (cookie) return cookie.toLowerCase().startsWith('sv') ? 'sv' : 'en';
  const accepted = request.headers['accept-language'];
  return typeof accepted === 'string' && accepted.trim().toLowerCase().startsWith('sv') ? 'sv' : 'en';
}

const isLanguage = (value: string | undefined): value is string =>
  value !== undefined && (LANGUAGES as readonly string[]).includes(value);

/**
 * The language the web app will start in, as apps/web/src/lib/i18n.ts `detectLanguage` decides it: the `language`
 * cookie when it names a language we have, else the first of English or Swedish the browser asks for (by its
 * q-values), else English. Used to preload the right texts with index.html.
 */
export function pageLanguage(request: FastifyRequest): string {
  const cookie = request.cookies?.[UI.LANGUAGE_COOKIE];
  if (isLanguage(cookie)) return cookie;
  const accepted = request.headers['accept-language'];
  if (typeof accepted !== 'string') return 'en';
  const wanted = accepted
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
      return { base: tag.toLowerCase().split('-')[0], q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  return wanted.find((entry) => entry.base === 'en' || entry.base === 'sv')?.base ?? 'en';
}
