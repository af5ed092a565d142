import type { z } from 'zod';
import { turnOfTheLoop } from './event-loop.js';

/** Elements checked between two turns of the event loop: a slice of the biggest form's fields takes a few ms. */
export const PARSE_SLICE = 20;

/**
 * Every element of `items` through `schema`, a slice at a time with a turn of the event loop in between
 * (docs/decisions/021): the same values and the same issues (paths from the array) as one parse of
 * `z.array(schema)`, without holding the server for the whole array.
 */
export async function parseSliced<T extends z.ZodType>(
  schema: T,
  items: readonly unknown[],
  path: readonly PropertyKey[] = [],
): Promise<{ success: true; data: z.output<T>[] } | { success: false; issues: z.core.$ZodIssue[] }> {
  const data: z.output<T>[] = [];
  const issues: z.core.$ZodIssue[] = [];
  for (let start = 0; start < items.length; start += PARSE_SLICE) {
    if (start > 0) await turnOfTheLoop();
    for (let index = start; index < Math.min(items.length, start + PARSE_SLICE); index += 1) {
      const result = schema.safeParse(items[index]);
      if (result.success) data.push(result.data);
      else for (const issue of result.error.issues) issues.push({ ...issue, path: [...path, index, ...issue.path] });
    }
  }
  return issues.length > 0 ? { success: false, issues } : { success: true, data };
}

/**
 * A body validation error exactly as the zod validator compiler makes it (fastify-type-provider-zod's
 * `createValidationError`, marked with its symbol), so the error handler answers it the same way.
 */
export function bodyValidationError(issues: readonly z.core.$ZodIssue[]): Error {
  const validation = issues.map(({ path, code, message, ...rest }) => ({
    [Symbol.for('ZodFastifySchemaValidationError')]: true,
    keyword: code,
    instancePath: `/${path.join('/')}`,
    schemaPath: `#/${path.join('/')}/${code}`,
    message,
    params: { ...rest },
  }));
  return Object.assign(new Error('body/validation'), { statusCode: 400, validation, validationContext: 'body' });
}

/** Characters of JSON text scanned between two turns of the event loop. */
const SCAN_SLICE = 200_000;

/**
 * The elements of a JSON array text, each parsed on its own, a slice at a time with a turn of the event loop in
 * between (docs/decisions/021): the same values as `JSON.parse(text)`, without one parse of the whole text. null
 * when the text is not a JSON array (or not JSON).
 */
export async function parseJsonArraySliced(text: string): Promise<unknown[] | null> {
  let at = 0;
  const skipSpace = () => {
    while (at < text.length && /\s/.test(text[at] as string)) at += 1;
  };
  skipSpace();
  if (text[at] !== '[') return null;
  at += 1;
  const bounds: [number, number][] = [];
  let depth = 0;
  let inString = false;
  let start = at;
  let closed = false;
  for (let sliceEnd = at + SCAN_SLICE; at < text.length && !closed; sliceEnd += SCAN_SLICE) {
    if (bounds.length > 0 || at > SCAN_SLICE) await turnOfTheLoop();
    for (; at < Math.min(text.length, sliceEnd); at += 1) {
      const code = text.charCodeAt(at);
      if (inString) {
        if (code === 0x5c) at += 1;
        else if (code === 0x22) inString = false;
      } else if (code === 0x22) inString = true;
      else if (code === 0x5b || code === 0x7b) depth += 1;
      else if (code === 0x5d || code === 0x7d) {
        if (depth === 0) {
          if (code !== 0x5d) return null;
          bounds.push([start, at]);
          at += 1;
          closed = true;
          break;
        }
        depth -= 1;
      } else if (code === 0x2c && depth === 0) {
        bounds.push([start, at]);
        start = at + 1;
      }
    }
  }
  if (!closed) return null;
  skipSpace();
  if (at !== text.length) return null;
  // `[]` and `[ ]`: no element at all.
  if (bounds.length === 1 && text.slice(bounds[0][0], bounds[0][1]).trim() === '') return [];
  const items: unknown[] = [];
  for (let index = 0; index < bounds.length; index += 1) {
    if (index > 0 && index % PARSE_SLICE === 0) await turnOfTheLoop();
    const [from, to] = bounds[index] as [number, number];
    try {
      items.push(JSON.parse(text.slice(from, to)));
    } catch {
      return null;
    }
  }
  return items;
}
