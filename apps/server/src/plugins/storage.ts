import fs from 'node:fs';
import fsp from 'node:fs/promises';
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
  open(key: string): Readable;
  remove(key: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    storage: FileStorage;
  }
}

export class FileTooLargeError extends Error {}

export function createDiskStorage(root: string): FileStorage {
  const fileOf = (key: string) => {
    if (!/^[\w-]+$/.test(key)) throw new Error('bad storage key');
    return path.join(root, key.slice(0, 2), key);
  };
  return {
    async save(stream, ...checks) {
      const key = randomToken(18);
      const file = fileOf(key);
      await fsp.mkdir(path.dirname(file), { recursive: true });
      try {
        await pipeline([stream, ...checks, fs.createWriteStream(file, { flags: 'wx' })]);
        if (stream.truncated) throw new FileTooLargeError('file too large');
      } catch (error) {
        await fsp.rm(file, { force: true });
        throw error;
      }
      const { size } = await fsp.stat(file);
      return { key, size };
    },
    open: (key) => fs.createReadStream(fileOf(key)),
    remove: (key) => fsp.rm(fileOf(key), { force: true }),
  };
}

async function storagePlugin(app: FastifyInstance, options: { root: string }) {
  app.decorate('storage', createDiskStorage(options.root));
}

export default fp(storagePlugin, { name: 'storage' });
