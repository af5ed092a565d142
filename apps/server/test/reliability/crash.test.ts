import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/demo/seed.js';
import { sweepIncoming } from '../../src/plugins/storage.js';
import { dialect } from '../helpers/app.js';
import { HttpClient } from '../helpers/http.js';
import { createTempDatabase, type ServerProcess, startServer, stopServer, tempDataDir } from '../helpers/process.js';

/**
 * kill -9 of the server during a stream of writes (group creations, bulk status changes of applications, an
 * upload half sent), then a restart on the same data: every acknowledged write is there, nothing is
 * half-written (each group has its audit entry, a bulk change is all or nothing), no half-uploaded file is left.
 */
const EVENT_ID = 1;
const WRITERS = 4;
const WRITE_FOR_MS = 1_500;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Query {
  (text: string, params?: unknown[]): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

async function openQuery(dataDir: string, url?: string): Promise<Query> {
  if (url) {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const query = (async (text: string, params: unknown[] = []) => (await client.query(text, params)).rows) as Query;
    query.close = () => client.end();
    return query;
  }
  const db = new SQLite(path.join(dataDir, 'funkis.sqlite'), { readonly: true });
  const query = (async (text: string, params: unknown[] = []) =>
    db.prepare(text.replace(/\$\d+/g, '?')).all(...params) as Record<string, unknown>[]) as Query;
  query.close = async () => {
    db.close();
  };
  return query;
}

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((e) => e.name);
}

describe(`crash (kill -9) during writes on ${dialect}`, () => {
  let dataDir: string;
  let database: Awaited<ReturnType<typeof createTempDatabase>> | undefined;
  let server: ServerProcess | undefined;
  const env = () => ({ DATA_DIR: dataDir, ...(database ? { DATABASE_URL: database.url } : {}) });

  beforeAll(async () => {
    dataDir = await tempDataDir();
    if (dialect === 'postgres') database = await createTempDatabase();
  }, 60_000);
  afterAll(async () => {
    await stopServer(server);
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps every acknowledged write and nothing half-written', async () => {
    server = await startServer(env());
    const admin = new HttpClient();
    expect(
      (await admin.request(server.base, 'POST', '/api/login', { email: DEMO_ACCOUNTS.admin, password: DEMO_PASSWORD }))
        .status,
    ).toBe(200);
    const list = await admin.request(server.base, 'GET', `/api/event/${EVENT_ID}/applications?pageSize=20`);
    expect(list.status).toBe(200);
    const ids: number[] = list.json.applications.map((row: { id: number }) => row.id);
    expect(ids.length).toBeGreaterThan(5);

    const base = server.base;
    let stop = false;
    let killing = false;
    const acknowledged: string[] = [];
    let attempted = 0;
    const writer = async (number: number) => {
      for (let i = 0; !stop; i++) {
        const name = `Crash ${number}-${i}`;
        attempted += 1;
        try {
          const response = await admin.request(base, 'POST', `/api/event/${EVENT_ID}/groups`, { name });
          if (response.status === 201) acknowledged.push(name);
          else if (!killing) throw new Error(`unexpected ${response.status}: ${response.text}`);
        } catch (error) {
          if (!killing) throw error;
          return; // the connection died with the process: not acknowledged
        }
      }
    };
    // Bulk changes flip the same applications between two statuses: afterwards all must show one of them.
    const statuses = ['reserve', 'rejected'] as const;
    let lastAcknowledged: string | null = null;
    let inFlight: string | null = null;
    let bulkAcknowledged = 0;
    const bulk = async () => {
      for (let i = 0; !stop; i++) {
        const status = statuses[i % 2] as string;
        inFlight = status;
        try {
          const response = await admin.request(base, 'POST', `/api/event/${EVENT_ID}/applications/update`, {
            ids,
            status,
          });
          if (response.status === 200) {
            lastAcknowledged = status;
            bulkAcknowledged += 1;
          } else if (!killing) throw new Error(`unexpected ${response.status}: ${response.text}`);
        } catch (error) {
          if (!killing) throw error;
          return;
        }
      }
    };
    // An avatar upload whose body is half sent when the process dies.
    const upload = net.connect(server.port, '127.0.0.1');
    upload.on('error', () => {});
    const boundary = 'crashboundary';
    const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`;
    upload.write(
      `POST /api/user/avatar HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: ${admin.cookie}\r\nx-csrf-token: ${admin.csrf}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${head.length + 200_000}\r\n\r\n${head}`,
    );
    upload.write(Buffer.alloc(100_000, 7));

    const running = [...Array.from({ length: WRITERS }, (_, n) => writer(n)), bulk()];
    await sleep(WRITE_FOR_MS);
    const incomingBefore = filesUnder(path.join(dataDir, 'files', '.incoming')).length;
    killing = true;
    server.child.kill('SIGKILL');
    const killedAt = Date.now();
    const { signal } = await server.exited;
    stop = true;
    await Promise.all(running);
    upload.destroy();
    expect(signal).toBe('SIGKILL');
    expect(acknowledged.length).toBeGreaterThan(10);

    // Restart on the same data: recovery is the database's own (WAL replay), then the leftovers are swept.
    server = await startServer(env());
    const restartMs = Date.now() - killedAt;
    const query = await openQuery(dataDir, database?.url);
    try {
      const groups = await query("select id, name from event_groups where event_id = $1 and name like 'Crash %'", [
        EVENT_ID,
      ]);
      const found = new Set(groups.map((row) => String(row.name)));
      const missing = acknowledged.filter((name) => !found.has(name));
      expect(missing).toEqual([]);
      // Each group came with its audit entry (one transaction): no half-written creation.
      const audits = await query("select subject from audit_log where action = 'group.created' and event_id = $1", [
        EVENT_ID,
      ]);
      const audited = new Set(audits.map((row) => String(row.subject)));
      expect(groups.filter((row) => !audited.has(`group:${row.id}`))).toEqual([]);

      const placeholders = ids.map((_, index) => `$${index + 1}`).join(', ');
      const rows = await query(`select distinct status from applications where id in (${placeholders})`, ids);
      expect(rows).toHaveLength(1);
      expect([lastAcknowledged, inFlight]).toContain(rows[0]?.status);

      // The half-sent upload left no file and no avatar.
      expect(filesUnder(path.join(dataDir, 'files', '.incoming'))).toEqual([]);
      expect(filesUnder(path.join(dataDir, 'files')).length).toBe(0);
      const avatars = await query('select avatar from users where email = $1', [DEMO_ACCOUNTS.admin]);
      expect(avatars[0]?.avatar ?? null).toBeNull();

      console.info(
        `[crash] ${dialect}: ${acknowledged.length} group creations acknowledged of ${attempted} attempted, ` +
          `${acknowledged.length - missing.length} found after restart (${groups.length} present); ` +
          `${bulkAcknowledged} bulk changes acknowledged, all ${ids.length} rows '${rows[0]?.status}'; ` +
          `half-sent avatar upload: ${incomingBefore} incoming file(s) before the kill, none and no avatar after; ` +
          `restart took ${restartMs} ms`,
      );
    } finally {
      await query.close();
    }
  }, 120_000);

  it('a process killed in the middle of streaming a file to storage leaves nothing behind after a restart', async () => {
    const root = path.join(dataDir, 'stream-files');
    const storageModule = path.resolve(import.meta.dirname, '../../src/plugins/storage.ts');
    // A process streaming an upload that never ends into the disk storage, as the files module does.
    const script = `
      import { PassThrough } from 'node:stream';
      const { createDiskStorage } = await import(${JSON.stringify(storageModule)});
      const stream = new PassThrough();
      createDiskStorage(${JSON.stringify(root)}).save(stream);
      stream.write(Buffer.alloc(64 * 1024, 1));
      setInterval(() => stream.write(Buffer.alloc(1024, 1)), 50);
    `;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      cwd: path.resolve(import.meta.dirname, '../..'),
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => child.on('exit', resolve));
    const incoming = path.join(root, '.incoming');
    const until = Date.now() + 30_000;
    while (filesUnder(incoming).length === 0 && Date.now() < until) await sleep(50);
    const before = filesUnder(incoming).length;
    child.kill('SIGKILL');
    await exited;
    expect(before).toBe(1);
    expect(filesUnder(root).length).toBe(1); // only the half file under .incoming, nothing where files live

    // What a server does when it starts: the dead process's half file goes.
    expect(await sweepIncoming(root)).toBe(1);
    expect(filesUnder(root)).toEqual([]);
    console.info(`[crash] storage: 1 half-written upload of a killed process, removed at the next start`);
  }, 60_000);
});
