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
