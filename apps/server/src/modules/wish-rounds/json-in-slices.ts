import { turnOfTheLoop } from '../../lib/event-loop.js';

/** Items of a long array written or read per turn of the loop. */
const ITEMS_PER_SLICE = 2000;

/**
 * JSON of a preview-sized value (tens of thousands of assignments and reasons, megabytes of text) written a slice of
 * each long array at a time, the loop turning between slices, so no answer or stored preview holds the server's one
 * thread for long (decision 021). The text is the same as JSON.stringify's.
 */
export async function stringifyInSlices(value: unknown): Promise<string> {
  if (Array.isArray(value)) {
    if (value.length <= ITEMS_PER_SLICE) return JSON.stringify(value);
    const parts: string[] = [];
    for (let start = 0; start < value.length; start += ITEMS_PER_SLICE) {
      if (start > 0) await turnOfTheLoop();
      parts.push(JSON.stringify(value.slice(start, start + ITEMS_PER_SLICE)).slice(1, -1));
    }
    return `[${parts.filter((part) => part !== '').join(',')}]`;
  }
  if (value !== null && typeof value === 'object') {
    const fields: string[] = [];
    for (const [key, field] of Object.entries(value)) {
      if (field === undefined) continue;
      fields.push(`${JSON.stringify(key)}:${await stringifyInSlices(field)}`);
    }
    return `{${fields.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/**
 * An object stored so it can be read back a slice at a time: a first line with its short fields, then one line per
 * slice of each long array (`key<TAB>[…]`).
 */
export async function storeInLines(value: Record<string, unknown>): Promise<string> {
  const head: Record<string, unknown> = {};
  const lines: string[] = [];
  for (const [key, field] of Object.entries(value)) {
    if (!Array.isArray(field) || field.length <= ITEMS_PER_SLICE) {
      head[key] = field;
      continue;
    }
    head[key] = [];
    for (let start = 0; start < field.length; start += ITEMS_PER_SLICE) {
      await turnOfTheLoop();
      lines.push(`${key}\t${JSON.stringify(field.slice(start, start + ITEMS_PER_SLICE))}`);
    }
  }
  return [JSON.stringify(head), ...lines].join('\n');
}

/** Reads what storeInLines wrote (or plain JSON), a line per turn of the loop. */
export async function readLines<T>(text: string): Promise<T> {
  const lines = text.split('\n');
  const value = JSON.parse(lines[0] ?? 'null') as Record<string, unknown[]>;
  for (let index = 1; index < lines.length; index += 1) {
    await turnOfTheLoop();
    const line = lines[index];
    const tab = line.indexOf('\t');
    const key = line.slice(0, tab);
    const items = JSON.parse(line.slice(tab + 1)) as unknown[];
    const list = value[key] ?? [];
    for (const item of items) list.push(item);
    value[key] = list;
  }
  return value as T;
}
