import { Fragment, type ReactNode } from 'react';

/**
 * Right-to-left with left-to-right words (decision 026): a name, an address or a number inside a translated
 * sentence is isolated with `<bdi>` so its direction does not reorder the sentence's punctuation and digits.
 */

/** Placeholder values that survive i18next's interpolation (a value is not interpolated again). */
export const slot = (name: string) => `{{${name}}}`;

/**
 * The translated `text` (made with `slot(name)` as the value of each placeholder in `nodes`) with each slot
 * replaced by its node, isolated in `<bdi>`.
 */
export function withIsolates(text: string, nodes: Record<string, ReactNode>): ReactNode {
  const names = Object.keys(nodes);
  if (names.length === 0) return text;
  const pattern = new RegExp(`(${names.map((name) => slot(name).replace(/[{}]/g, '\\$&')).join('|')})`);
  return text.split(pattern).map((part, index) => {
    const name = names.find((candidate) => slot(candidate) === part);
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one sentence never move
    return name ? <bdi key={index}>{nodes[name]}</bdi> : <Fragment key={index}>{part}</Fragment>;
  });
}
