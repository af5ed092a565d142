import { createRequire } from 'node:module';
import type { Parser as HtmlParser } from 'htmlparser2';
import type sanitizeHtml from 'sanitize-html';

/**
 * sanitize-html (with htmlparser2 and postcss, ~10 MB) is loaded with the first rich-text message, not at start
 * (issue 12: idle memory).
 */
const load = createRequire(import.meta.url);
let sanitizer: typeof sanitizeHtml | undefined;
const sanitize = (html: string, options: sanitizeHtml.IOptions) => {
  sanitizer ??= load('sanitize-html') as typeof sanitizeHtml;
  return sanitizer(html, options);
};
let Parser: typeof HtmlParser | undefined;
const parserClass = () => {
  Parser ??= (load('htmlparser2') as typeof import('htmlparser2')).Parser;
  return Parser;
};

/**
 * Rich-text mail (docs/decisions/009): the only HTML the server stores or sends is what this allow-list lets
 * through. Everything else — scripts, styles, frames, event handlers, `javascript:` and `data:` links,
 * classes and inline styles — is dropped before the message is stored.
 */
const ALLOWED_TAGS = ['p', 'br', 'strong', 'em', 'ul', 'ol', 'li', 'a', 'h3', 'blockquote'];

const SAFE_HREF = /^\s*(https?:\/\/|mailto:)/i;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // What editors write for the same things: contentEditable's <div> lines, <b>, <i>.
  transformTags: {
    div: 'p',
    b: 'strong',
    i: 'em',
    h1: 'h3',
    h2: 'h3',
    h4: 'h3',
  },
  // A link without an http, https or mailto address becomes its text.
  exclusiveFilter: (frame) => (frame.tag === 'a' && !frame.attribs.href ? 'excludeTag' : false),
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template'],
};

/**
 * A link's address as sent: http, https or mailto as written; a relative one (`/event/3/files`) made absolute
 * against the server's public address, since a mail has no address of its own to resolve it against; else null.
 */
export function absoluteHref(href: string, publicUrl: string): string | null {
  const value = href.trim();
  if (SAFE_HREF.test(value)) return value;
  if (value === '' || value.startsWith('//') || /^[a-z][a-z\d+.-]*:/i.test(value)) return null;
  try {
    const url = new URL(value, `${publicUrl.replace(/\/$/, '')}/`);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The allow-listed form of untrusted HTML: the only form that is ever stored or sent. */
export const sanitizeMailHtml = (html: string, publicUrl: string): string =>
  sanitize(html, {
    ...OPTIONS,
    transformTags: {
      ...OPTIONS.transformTags,
      a: (_tagName, attribs): sanitizeHtml.Tag => {
        const href = absoluteHref(attribs.href ?? '', publicUrl);
        return { tagName: 'a', attribs: href ? { href, rel: 'noopener noreferrer' } : {} };
      },
    },
  }).trim();

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const BLOCKS = new Set(['p', 'h3', 'blockquote', 'ul', 'ol']);

/**
 * The plain-text part of a rich-text message: paragraphs apart by a blank line, list items as `- ` or `1. `,
 * links as `text (address)` unless the text is the address.
 */
export function htmlToText(html: string): string {
  let out = '';
  const lists: { ordered: boolean; index: number }[] = [];
  const links: { href: string; start: number }[] = [];
  let quoteDepth = 0;
  const breakLines = (count: number) => {
    const trailing = /\n*$/.exec(out)?.[0].length ?? 0;
    if (out.length > 0 && trailing < count) out += '\n'.repeat(count - trailing);
  };
  const parser = new (parserClass())(
    {
      onopentag(name, attribs) {
        if (BLOCKS.has(name)) breakLines(lists.length > 0 && (name === 'ul' || name === 'ol') ? 1 : 2);
        if (name === 'blockquote') quoteDepth += 1;
        if (name === 'ul' || name === 'ol') lists.push({ ordered: name === 'ol', index: 0 });
        if (name === 'li') {
          breakLines(1);
          const list = lists.at(-1);
          const indent = '  '.repeat(Math.max(0, lists.length - 1));
          if (list) list.index += 1;
          out += `${indent}${list?.ordered ? `${list.index}.` : '-'} `;
        }
        if (name === 'br') out += '\n';
        if (name === 'a') links.push({ href: attribs.href ?? '', start: out.length });
      },
      ontext(text) {
        const collapsed = text.replace(/\s+/g, ' ');
        const atLineStart = out.length === 0 || out.endsWith('\n');
        const piece = atLineStart ? collapsed.trimStart() : collapsed;
        if (piece && quoteDepth > 0 && atLineStart) out += '> '.repeat(quoteDepth);
        out += piece;
      },
      onclosetag(name) {
        if (name === 'a') {
          const link = links.pop();
          const label = link ? out.slice(link.start).trim() : '';
          const href = link?.href.replace(/^mailto:/, '') ?? '';
          if (link?.href && label !== href && label !== link.href) out += ` (${link.href})`;
        }
        if (name === 'blockquote') quoteDepth -= 1;
        if (name === 'ul' || name === 'ol') lists.pop();
        if (BLOCKS.has(name)) breakLines(lists.length > 0 ? 1 : 2);
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return out
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
