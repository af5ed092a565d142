import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { randomToken } from '../lib/tokens.js';

/** Where uploaded bytes live. One small interface so an S3-compatible store can be added beside the disk. */
export interface FileStorage {
  /**
   * Streams the upload in, through `checks` (transforms that may fail it: a type check); throws when the stream
   * is truncated (size limit) or a check fails, leaving nothing behind.
   */
  save(stream: Readable & { truncated?: boolean }, ...checks: Transform[]): Promise<{ key: string; size: number }>;
  /** The bytes, or those from `start` to `end` inclusive. */
  open(key: string, range?: { start: number; end: number }): Readable;
  /** Size and time stored of the bytes under a key. */
  stat(key: string): Promise<{ size: number; storedAt: Date }>;
  remove(key: string): Promise<void>;
  /** The stored bytes of `key` (0 when there are none). */
  size(key: string): Promise<number>;
}

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage;
  }
}

declare module '../lib/context.js' {
  interface ContextServices {
    /** Where uploaded bytes live. */
    storage: FileStorage;
  }
}

export class FileTooLargeError extends Error {}

/**
 * Uploads are written under `.incoming/` and moved into place (a rename) only when complete, so a process killed
 * mid-upload leaves no half file where files live. Names carry host and process id: at start a server removes
 * what its own host's dead processes (or an earlier run of itself) left there, never another server's upload in
 * progress on a shared volume.
 */
const INCOMING = '.incoming';
const incomingPrefix = `${os.hostname().replace(/[^\w-]/g, '_')}-`;

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Removes uploads left half-written by processes of this host that are gone. Returns how many. */
export async function sweepIncoming(root: string): Promise<number> {
  const dir = path.join(root, INCOMING);
  const entries = await fsp.readdir(dir).catch(() => [] as string[]);
  let removed = 0;
  for (const entry of entries) {
    if (!entry.startsWith(incomingPrefix)) continue;
    const pid = Number(entry.slice(incomingPrefix.length).split('-')[0]);
    if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid)) continue;
    await fsp.rm(path.join(dir, entry), { force: true });
    removed += 1;
  }
  return removed;
}

export function createDiskStorage(root: string): FileStorage {
  const fileOf = (key: string) => {
    if (!/^[\w-]+$/.test(key)) throw new Error('bad storage key');
    return path.join(root, key.slice(0, 2), key);
  };
  return {
    async save(stream, ...checks) {
      const key = randomToken(18);
      const file = fileOf(key);
      const incoming = path.join(root, INCOMING, `${incomingPrefix}${process.pid}-${key}`);
      await fsp.mkdir(path.dirname(incoming), { recursive: true });
      const sink = fs.createWriteStream(incoming, { flags: 'wx' });
      try {
        await pipeline([stream, ...checks, sink]);
        if (stream.truncated) throw new FileTooLargeError('file too large');
        await fsp.mkdir(path.dirname(file), { recursive: true });
        await fsp.rename(incoming, file);
      } catch (error) {
        // A stream refused at its first bytes fails the pipeline before the file may even be open: the file is
        // removed once the sink has closed, or the open still under way would create it after the removal.
        if (!sink.closed) await new Promise<void>((resolve) => sink.once('close', () => resolve()));
        await fsp.rm(incoming, { force: true });
        throw error;
      }
      const { size } = await fsp.stat(file);
      return { key, size };
    },
    open: (key, range) => fs.createReadStream(fileOf(key), range ?? {}),
    async stat(key) {
      const { size, mtime } = await fsp.stat(fileOf(key));
      return { size, storedAt: mtime };
    },
    remove: (key) => fsp.rm(fileOf(key), { force: true }),
    size: (key) =>
      fsp.stat(fileOf(key)).then(
        (stat) => stat.size,
        () => 0,
      ),
  };
}

async function storagePlugin(app: FastifyInstance, options: { root: string }) {
  const removed = await sweepIncoming(options.root);
  if (removed > 0) app.log.warn({ removed }, 'removed uploads left unfinished by a stopped server');
  app.decorate('storage', createDiskStorage(options.root));
}

export default fp(storagePlugin, { name: 'storage' });
