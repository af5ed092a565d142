import crypto from 'node:crypto';
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import parseRange from 'range-parser';
import { HttpError } from './http-error.js';

/** Bytes kept in the store whose content never changes under their key: a file, an avatar. */
export interface StoredBytes {
  /** The store's key: a new upload gets a new one, so it names these exact bytes. */
  key: string;
  size: number;
  /** When the bytes were stored. */
  storedAt: Date;
  /** The bytes from `start` to `end` (inclusive), or all of them. */
  open(range?: { start: number; end: number }): Readable;
}

/** A strong validator (RFC 9110 8.8.3): the same key always holds the same bytes; the key itself stays private. */
export const etagOf = (key: string) => `"${crypto.createHash('sha256').update(key).digest('base64url').slice(0, 27)}"`;

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** `If-None-Match` / `If-Match` lists: `*` or entity tags; weak comparison ignores `W/` (RFC 9110 8.8.3.2). */
function matchesAny(header: string, etag: string, weak: boolean): boolean {
  if (header.trim() === '*') return true;
  const strip = (tag: string) => (weak ? tag.replace(/^W\//, '') : tag);
  return header
    .split(',')
    .map((tag) => tag.trim())
    .some((tag) => (weak || !tag.startsWith('W/')) && strip(tag) === strip(etag));
}

const headerOf = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/**
 * Sends stored bytes as HTTP means them to be sent (RFC 9110): validators (`ETag`, `Last-Modified`), the
 * preconditions in their order (13.2.2: If-Match, If-Unmodified-Since → 412; If-None-Match, If-Modified-Since →
 * 304), and one byte range (14: `Accept-Ranges: bytes`, `Range` → 206 with `Content-Range`, past the end → 416,
 * `If-Range` a strong match or the exact date, else the whole). Several ranges get the whole answer, which the
 * standard allows. Always with `Content-Length`: the route must not compress on the fly (decision 023).
 */
export function sendStored(request: FastifyRequest, reply: FastifyReply, stored: StoredBytes): FastifyReply {
  const etag = etagOf(stored.key);
  const lastModified = stored.storedAt.toUTCString();
  reply.header('etag', etag).header('last-modified', lastModified).header('accept-ranges', 'bytes');

  const ifMatch = headerOf(request, 'if-match');
  const ifUnmodifiedSince = headerOf(request, 'if-unmodified-since');
  if (ifMatch !== undefined ? !matchesAny(ifMatch, etag, false) : isAfter(stored.storedAt, ifUnmodifiedSince)) {
    throw new HttpError(412, { code: 'error.preconditionFailed' });
  }
  const ifNoneMatch = headerOf(request, 'if-none-match');
  const ifModifiedSince = headerOf(request, 'if-modified-since');
  const isNotModified =
    ifNoneMatch !== undefined
      ? matchesAny(ifNoneMatch, etag, true)
      : ifModifiedSince !== undefined && !isAfter(stored.storedAt, ifModifiedSince) && isDate(ifModifiedSince);
  if (isNotModified) return reply.status(304).send();

  const range = request.method === 'GET' ? headerOf(request, 'range') : undefined;
  if (range !== undefined && isRangeStillValid(headerOf(request, 'if-range'), etag, stored.storedAt)) {
    const ranges = parseRange(stored.size, range, { combine: true });
    if (ranges === -1) {
      throw new HttpError(
        416,
        { code: 'error.rangeNotSatisfiable', params: { size: stored.size } },
        { headers: { 'content-range': `bytes */${stored.size}` } },
      );
    }
    const [only] = ranges === -2 || ranges.type !== 'bytes' || ranges.length !== 1 ? [] : ranges;
    if (only) {
      return reply
        .status(206)
        .header('content-range', `bytes ${only.start}-${only.end}/${stored.size}`)
        .header('content-length', String(only.end - only.start + 1))
        .send(stored.open(only));
    }
  }
  return reply.header('content-length', String(stored.size)).send(stored.open());
}

const isDate = (value: string) => !Number.isNaN(Date.parse(value));

/** Whether the bytes changed after the given HTTP date (to the second); false when there is no valid date. */
function isAfter(storedAt: Date, httpDate: string | undefined): boolean {
  if (httpDate === undefined || !isDate(httpDate)) return false;
  return seconds(storedAt) > Math.floor(Date.parse(httpDate) / 1000);
}

/** `If-Range` (RFC 9110 13.1.5): absent, a strong ETag equal to ours, or exactly our Last-Modified. */
function isRangeStillValid(ifRange: string | undefined, etag: string, storedAt: Date): boolean {
  if (ifRange === undefined) return true;
  const value = ifRange.trim();
  if (value.startsWith('"') || value.startsWith('W/')) return value === etag;
  return isDate(value) && Math.floor(Date.parse(value) / 1000) === seconds(storedAt);
}
