import { Transform, type TransformCallback } from 'node:stream';
import { unsupportedType } from './http-error.js';
import { imageTypeOf } from './images.js';

/**
 * What an uploaded file is, judged by its first bytes (docs/decisions/007). The images of lib/images (the same
 * check as avatars), PDF, and markup: an HTML page or a script never becomes an event file, whatever it is
 * called or declared as.
 */

/** How many first bytes the checks read. */
export const SNIFF_BYTES = 512;

/** Types whose content a browser runs or renders as a page: never accepted. */
const ACTIVE_TYPES = new Set([
  'text/html',
  'application/xhtml+xml',
  'image/svg+xml',
  'text/javascript',
  'application/javascript',
  'application/x-javascript',
  'application/ecmascript',
  'text/ecmascript',
  'text/xml',
  'application/xml',
  'text/xsl',
  'application/x-shockwave-flash',
]);

const DECLARED_IMAGE_TYPES: Record<string, string> = {
  'image/png': 'image/png',
  'image/jpeg': 'image/jpeg',
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'image/gif': 'image/gif',
  'image/webp': 'image/webp',
};

/** A type (no parameters) a header may carry as is. */
const PLAIN_TYPE = /^[a-z]+\/[a-z0-9][a-z0-9.+-]{0,100}$/;

/** A document that starts (after a byte-order mark and white space) like HTML, SVG, XML or a script tag. */
export function looksLikeMarkup(head: Buffer): boolean {
  const text = head
    .toString('latin1')
    .replace(/^\xEF\xBB\xBF/, '')
    .replace(/^[\s\0]+/, '')
    .toLowerCase();
  return /^<(!doctype\s+html|html|head|body|script|svg|\?xml|iframe|object|embed|meta|a\s|img\s|div|style|link)/.test(
    text,
  );
}

const isPdf = (head: Buffer) => head.subarray(0, 5).toString('latin1') === '%PDF-';

/** The type the first bytes prove, for the types a browser previews; null for anything else. */
export function detectedTypeOf(head: Buffer): string | null {
  const image = imageTypeOf(head);
  if (image) return `image/${image}`;
  if (isPdf(head)) return 'application/pdf';
  return null;
}

/**
 * The type a file is stored and served with, or a 415: markup and active types are refused; a declared image
 * or PDF must be one by its bytes; bytes that prove an image or PDF give that type; anything else keeps its
 * declared type when it is a plain one, else `application/octet-stream`.
 */
export function checkFileType(declared: string | undefined, head: Buffer): string {
  const type = (declared ?? '').split(';')[0].trim().toLowerCase();
  if (ACTIVE_TYPES.has(type) || looksLikeMarkup(head)) throw unsupportedType('files.typeNotAllowed', undefined, 'file');
  const detected = detectedTypeOf(head);
  const declaredImage = DECLARED_IMAGE_TYPES[type];
  if (declaredImage && declaredImage !== detected) throw unsupportedType('files.typeMismatch', undefined, 'file');
  if (type === 'application/pdf' && detected !== 'application/pdf') {
    throw unsupportedType('files.typeMismatch', undefined, 'file');
  }
  if (detected) return detected;
  return PLAIN_TYPE.test(type) && !type.startsWith('image/') ? type : 'application/octet-stream';
}

/**
 * Passes a stream through once its first SNIFF_BYTES (or all of a smaller file) passed `check`; a failed check
 * fails the stream, so the store removes what it had begun to write. `result` is what check answered.
 */
export class SniffingStream<T> extends Transform {
  private head: Buffer[] = [];
  private headLength = 0;
  private checked = false;
  result: T | undefined;

  constructor(private readonly check: (head: Buffer) => T) {
    super();
  }

  private runCheck(): Error | null {
    this.checked = true;
    const head = Buffer.concat(this.head);
    try {
      this.result = this.check(head.subarray(0, SNIFF_BYTES));
    } catch (error) {
      return error as Error;
    }
    this.push(head);
    this.head = [];
    return null;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.checked) {
      callback(null, chunk);
      return;
    }
    this.head.push(chunk);
    this.headLength += chunk.length;
    callback(this.headLength < SNIFF_BYTES ? null : this.runCheck());
  }

  override _flush(callback: TransformCallback): void {
    callback(this.checked ? null : this.runCheck());
  }
}

/**
 * Passes a text file through and tells its charset, for the type it is served with (`text/plain; charset=…`):
 * UTF-16 by its byte-order mark, UTF-8 when all of it is valid UTF-8 (ASCII included), else windows-1252, which
 * every byte is valid in and which old Nordic text files are written in.
 */
export class CharsetStream extends Transform {
  private readonly decoder = new TextDecoder('utf-8', { fatal: true });
  private isUtf8 = true;
  private head = Buffer.alloc(0);

  get charset(): 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252' {
    if (this.head[0] === 0xff && this.head[1] === 0xfe) return 'utf-16le';
    if (this.head[0] === 0xfe && this.head[1] === 0xff) return 'utf-16be';
    return this.isUtf8 ? 'utf-8' : 'windows-1252';
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (this.head.length < 2) this.head = Buffer.concat([this.head, chunk.subarray(0, 2 - this.head.length)]);
    this.check(() => this.decoder.decode(chunk, { stream: true }));
    callback(null, chunk);
  }

  override _flush(callback: TransformCallback): void {
    this.check(() => this.decoder.decode());
    callback();
  }

  private check(decode: () => string) {
    if (!this.isUtf8) return;
    try {
      decode();
    } catch {
      this.isUtf8 = false;
    }
  }
}
