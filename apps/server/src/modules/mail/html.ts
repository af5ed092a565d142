import { createRequire } from 'node:module';
import { MAIL_LIMITS } from '@funkis/shared';
import type { Parser as HtmlParser } from 'htmlparser2';
import type sanitizeHtml from 'sanitize-html';

/**
 * sanitize-html (with htmlparser2 and postcss, ~10 MB) is loaded with the first rich-text message, not at start
 * (idle memory).
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
 * Rich-text mail (docs/decisions/008): the only HTML the server stores or sends is what this allow-list lets
 * through. Everything else — scripts, styles, frames, event handlers, `javascript:` and `data:` links,
 * classes and inline styles — is dropped before the message is stored.
 */
const ALLOWED_TAGS = ['p', 'br', 'strong', 'em', 'ul', 'ol', 'li', 'a', 'h3', 'blockquote'];

const SAFE_HREF = /^\s*(https?:\/\/|mailto:)/i;

/**
 * Deepest nesting of tags the allow-list keeps: a tag deeper than this is dropped and its text kept. It bounds
 * the parser's and the text part's work per tag (indents and quote marks grow with depth) and what the web app
 * renders; nobody writes mail nested twenty deep (docs/decisions/021).
 */
export const MAIL_HTML_NESTING_LIMIT = 20;

/** Indents of nested lists and `> ` marks of nested quotes in the text part stop growing here. */
const TEXT_DEPTH_LIMIT = 8;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ALLOWED_TAGS,
  allowedAttributes: { a: ['href', 'rel'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  nestingLimit: MAIL_HTML_NESTING_LIMIT,
  // What editors write for the same things: contentEditable's <div> lines, <b>, <i>.
  transformTags: {
    div: 'p',
    b: 'strong',
    i: 'em',
    h1: 'h3',
    h2: 'h3',
    h4: 'h3',
  },
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template'],
};

/**
 * A link's address as sent: http, https or mailto as written; a relative one (`/event/3/files`) made absolute
 * against the server's public address, since a mail has no address of its own to resolve it against; else null.
 */
export function absoluteHref(href: string, publicUrl: string | undefined): string | null {
  const value = href.trim();
  if (SAFE_HREF.test(value)) return value;
  if (!publicUrl || value === '' || value.startsWith('//') || /^[a-z][a-z\d+.-]*:/i.test(value)) return null;
  try {
    const url = new URL(value, `${publicUrl.replace(/\/$/, '')}/`);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Deepest nesting of open tags a message may have as written (unclosed `<x>`s count). The parser looks an end tag
 * up among the open ones, so an input of thousands of open tags followed by thousands of end tags that close
 * none of them is quadratic inside the parser (~50 ms for 20,000 characters); parsing stops and the message is
 * refused once it goes deeper than this, far beyond what an editor or a pasted document writes.
 */
export const MAIL_HTML_DEPTH_MAXIMUM = MAIL_LIMITS.HTML_DEPTH_MAXIMUM;

/** The message nests deeper than MAIL_HTML_DEPTH_MAXIMUM: refused, not sanitised. */
export class MailHtmlTooDeep extends Error {
  constructor() {
    super(`rich text nested deeper than ${MAIL_HTML_DEPTH_MAXIMUM}`);
  }
}

/**
 * The allow-listed form of untrusted HTML: the only form that is ever stored or sent. Throws MailHtmlTooDeep for
 * a message nested deeper than MAIL_HTML_DEPTH_MAXIMUM. Relative links are made absolute against `publicUrl`.
 */
export function sanitizeMailHtml(html: string, publicUrl?: string): string {
  let depth = 0;
  const clean = sanitize(html, {
    ...OPTIONS,
    transformTags: {
      ...OPTIONS.transformTags,
      // A link without an http, https or mailto address loses its attributes here and its tag in `dropBareLinks`.
      a: (_tagName, attribs): sanitizeHtml.Tag => {
        const href = absoluteHref(attribs.href ?? '', publicUrl);
        return { tagName: 'a', attribs: href ? { href, rel: 'noopener noreferrer' } : {} };
      },
    },
    onOpenTag: () => {
      depth += 1;
      if (depth > MAIL_HTML_DEPTH_MAXIMUM) throw new MailHtmlTooDeep();
    },
    onCloseTag: () => {
      depth -= 1;
    },
  });
  return dropBareLinks(clean).trim();
}

/**
 * A link without an address (the allow-list took an unsafe one away) becomes its text: its `<a>` and the matching
 * `</a>` go, in one pass over the sanitised HTML, where every `<` that is not a tag is escaped and attribute
 * values are quoted with `<`, `>` and `"` escaped. (sanitize-html's exclusiveFilter cuts the tag out of all
 * the output so far once per such link: quadratic.)
 */
function dropBareLinks(html: string): string {
  const isDropped: boolean[] = [];
  return html.replace(/<a(?: [^>]*)?>|<\/a>/g, (tag) => {
    if (tag === '</a>') return isDropped.pop() ? '' : tag;
    const drop = !tag.includes(' href="');
    isDropped.push(drop);
    return drop ? '' : tag;
  });
}

const BLOCKS = new Set(['p', 'h3', 'blockquote', 'ul', 'ol']);

/**
 * The plain-text part of a rich-text message: paragraphs apart by a blank line, list items as `- ` or `1. `,
 * links as `text (address)` unless the text is the address.
 *
 * Linear in the input: the output is a list of pieces that is never read back while it grows (reading a
 * growing string back — a regular expression over it, `endsWith`, a slice — flattens it each time, which made
 * one message of 2,500 line breaks and 1,249 paragraphs take seconds). What the rules need to know about the
 * end of the output (how many line breaks it ends with) is counted as pieces are added.
 */
export function htmlToText(html: string): string {
  const pieces: string[] = [];
  /** Line breaks at the end of the output, and whether anything but line breaks was written yet. */
  let trailingBreaks = 0;
  let hasText = false;
  let length = 0;
  const append = (piece: string) => {
    if (piece === '') return;
    pieces.push(piece);
    length += piece.length;
    let breaks = 0;
    while (breaks < piece.length && piece.charCodeAt(piece.length - 1 - breaks) === 10) breaks += 1;
    if (breaks === piece.length) trailingBreaks += breaks;
    else {
      trailingBreaks = breaks;
      hasText = true;
    }
  };
  const lists: { ordered: boolean; index: number }[] = [];
  /** Open links: their address, and where their text starts (a piece index and the output length then). */
  const links: { href: string; piece: number; length: number }[] = [];
  let quoteDepth = 0;
  const breakLines = (count: number) => {
    if ((hasText || trailingBreaks > 0) && trailingBreaks < count) append('\n'.repeat(count - trailingBreaks));
  };
  const isAtLineStart = () => length === 0 || trailingBreaks > 0;
  /** A link's text, when it is short enough to be its own address (a longer one never is). */
  const labelOf = (link: { href: string; piece: number; length: number }) =>
    length - link.length > link.href.length + 2 * TEXT_DEPTH_LIMIT + 16
      ? null
      : pieces.slice(link.piece).join('').trim();
  const parser = new (parserClass())(
    {
      onopentag(name, attribs) {
        if (BLOCKS.has(name)) breakLines(lists.length > 0 && (name === 'ul' || name === 'ol') ? 1 : 2);
        if (name === 'blockquote') quoteDepth += 1;
        if (name === 'ul' || name === 'ol') lists.push({ ordered: name === 'ol', index: 0 });
        if (name === 'li') {
          breakLines(1);
          const list = lists.at(-1);
          const indent = '  '.repeat(Math.min(TEXT_DEPTH_LIMIT, Math.max(0, lists.length - 1)));
          if (list) list.index += 1;
          append(`${indent}${list?.ordered ? `${list.index}.` : '-'} `);
        }
        if (name === 'br') append('\n');
        if (name === 'a') links.push({ href: attribs.href ?? '', piece: pieces.length, length });
      },
      ontext(text) {
        const collapsed = text.replace(/\s+/g, ' ');
        const atLineStart = isAtLineStart();
        const piece = atLineStart ? collapsed.trimStart() : collapsed;
        if (piece && quoteDepth > 0 && atLineStart) append('> '.repeat(Math.min(TEXT_DEPTH_LIMIT, quoteDepth)));
        append(piece);
      },
      onclosetag(name) {
        if (name === 'a') {
          const link = links.pop();
          if (link?.href) {
            const label = labelOf(link);
            const href = link.href.replace(/^mailto:/, '');
            if (label !== href && label !== link.href) append(` (${link.href})`);
          }
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
  return pieces
    .join('')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** How long a folder list's preview of a message is. */
export const PREVIEW_LENGTH = 140;

/**
 * The folder list's preview of a message as stored (sanitised HTML or plain text): the start of its text, never
 * cut inside a character. Computed once, when the e-mail is stored.
 */
export function mailPreviewOf(message: string, format: 'text' | 'html'): string {
  const text = format === 'html' ? htmlToText(message) : message;
  if (text.length <= PREVIEW_LENGTH) return text;
  const end = PREVIEW_LENGTH - (/[\ud800-\udbff]/.test(text[PREVIEW_LENGTH - 1]) ? 1 : 0);
  return text.slice(0, end);
}
