import { createElement, Fragment, type ReactNode } from 'react';

/**
 * Rich text the server has already sanitised (mail, decision 008), shown a second time through an allow-list
 * here: the HTML is parsed into an inert document (nothing in it runs or loads) and only these elements and
 * attributes become React elements. No `dangerouslySetInnerHTML` anywhere.
 */
const TAGS: Record<string, string> = {
  P: 'p',
  DIV: 'p',
  BR: 'br',
  STRONG: 'strong',
  B: 'strong',
  EM: 'em',
  I: 'em',
  UL: 'ul',
  OL: 'ol',
  LI: 'li',
  A: 'a',
  H3: 'h3',
  BLOCKQUOTE: 'blockquote',
};
/** Elements dropped with everything in them; any other unknown element is replaced by its content. */
const DROPPED = new Set(['SCRIPT', 'STYLE', 'IFRAME', 'OBJECT', 'EMBED', 'TEMPLATE', 'NOSCRIPT', 'TEXTAREA', 'SELECT']);
const SAFE_HREF = /^\s*(https?:\/\/|mailto:)/i;

const parse = (html: string): HTMLElement => new DOMParser().parseFromString(html, 'text/html').body;

function toReact(node: Node, key: number): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (node.nodeType !== Node.ELEMENT_NODE) return null;
  const element = node as Element;
  if (DROPPED.has(element.tagName)) return null;
  const children = Array.from(element.childNodes, toReact);
  const tag = TAGS[element.tagName];
  if (!tag) return createElement(Fragment, { key }, ...children);
  if (tag === 'br') return createElement('br', { key });
  if (tag === 'a') {
    const href = element.getAttribute('href') ?? '';
    if (!SAFE_HREF.test(href)) return createElement(Fragment, { key }, ...children);
    return createElement('a', { key, href: href.trim(), rel: 'noopener noreferrer', target: '_blank' }, ...children);
  }
  return createElement(tag, { key }, ...children);
}

/** Sanitised rich text as React elements. */
export function SafeHtml({ html }: { html: string }) {
  return <>{Array.from(parse(html).childNodes, toReact)}</>;
}

function cleanInto(source: Node, target: Node, doc: Document): void {
  for (const node of Array.from(source.childNodes)) {
    if (node.nodeType === Node.TEXT_NODE) {
      target.appendChild(doc.createTextNode(node.textContent ?? ''));
      continue;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) continue;
    const element = node as Element;
    if (DROPPED.has(element.tagName)) continue;
    const tag = TAGS[element.tagName];
    const href = element.getAttribute('href') ?? '';
    if (!tag || (tag === 'a' && !SAFE_HREF.test(href))) {
      cleanInto(element, target, doc);
      continue;
    }
    const copy = doc.createElement(tag);
    if (tag === 'a') copy.setAttribute('href', href.trim());
    cleanInto(element, copy, doc);
    target.appendChild(copy);
  }
}

/** The allow-listed form of an HTML string, for putting back into an editor (a restored draft). */
export function cleanHtml(html: string): string {
  const doc = document.implementation.createHTMLDocument('');
  const container = doc.createElement('div');
  cleanInto(parse(html), container, doc);
  return container.innerHTML;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Plain text as rich text: a paragraph per blank-line block, line breaks kept. */
export const textToHtml = (text: string): string =>
  text
    .split(/\n{2,}/)
    .filter((block) => block.trim() !== '')
    .map((block) => `<p>${escapeHtml(block).replace(/\n/g, '<br>')}</p>`)
    .join('');

/** Rich text as plain text: paragraphs apart by a blank line, list items as `- `, links as `text (address)`. */
export function htmlToText(html: string): string {
  const lines: string[] = [];
  let current = '';
  const walk = (node: Node, list: { ordered: boolean; index: number } | null) => {
    if (node.nodeType === Node.TEXT_NODE) {
      current += (node.textContent ?? '').replace(/\s+/g, ' ');
      return;
    }
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    const element = node as Element;
    const tag = TAGS[element.tagName];
    if (DROPPED.has(element.tagName)) return;
    const flush = (blank: boolean) => {
      if (current.trim()) lines.push(current.trim());
      current = '';
      if (blank && lines.length && lines.at(-1) !== '') lines.push('');
    };
    if (tag === 'br') return flush(false);
    if (tag === 'ul' || tag === 'ol') {
      flush(true);
      const own = { ordered: tag === 'ol', index: 0 };
      for (const child of Array.from(element.childNodes)) walk(child, own);
      return flush(true);
    }
    if (tag === 'li') {
      flush(false);
      if (list) list.index += 1;
      current = list?.ordered ? `${list.index}. ` : '- ';
      for (const child of Array.from(element.childNodes)) walk(child, list);
      return flush(false);
    }
    const isBlock = tag === 'p' || tag === 'h3' || tag === 'blockquote';
    if (isBlock) flush(true);
    for (const child of Array.from(element.childNodes)) walk(child, list);
    if (tag === 'a') {
      const href = element.getAttribute('href') ?? '';
      if (href && !current.includes(href)) current += ` (${href})`;
    }
    if (isBlock) flush(true);
  };
  walk(parse(html), null);
  if (current.trim()) lines.push(current.trim());
  return lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
