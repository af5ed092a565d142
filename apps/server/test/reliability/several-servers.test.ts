import fs from 'node:fs';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../src/demo/seed.js';
import { LOGIN_FAILURE_DELAY } from '../../src/modules/account/rate-limits.js';
import { multipart, PNG_PIXEL } from '../account/helpers.js';
import { dialect } from '../helpers/app.js';
import { HttpClient } from '../helpers/http.js';
import { createTempDatabase, type ServerProcess, startServer, stopServer, tempDataDir } from '../helpers/process.js';

/**
 * Two server processes on one PostgreSQL database (and one shared files directory, as behind a load balancer):
 * started at the same moment they migrate and seed once; a session made on one is valid on the other; the
 * rate-limit counters are shared; an uploaded file (an avatar) made through one downloads through the other.
 */
describe.skipIf(dialect !== 'postgres')('several servers on one postgres', () => {
  let database: Awaited<ReturnType<typeof createTempDatabase>>;
  let dataDir: string;
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;

  beforeAll(async () => {
    database = await createTempDatabase();
    dataDir = await tempDataDir();
    // Both at once, on an empty database: migrations and the demo seed must not race.
    [a, b] = await Promise.all([
      startServer({ DATABASE_URL: database.url, DATA_DIR: dataDir }),
      startServer({ DATABASE_URL: database.url, DATA_DIR: dataDir }),
    ]);
  }, 120_000);
  afterAll(async () => {
    await Promise.all([stopServer(a), stopServer(b)]);
    await database?.drop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('migrate and seed once when both start at the same time', async () => {
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const admins = await client.query('select count(*)::int as n from users where email = $1', [DEMO_ACCOUNTS.admin]);
      expect(admins.rows[0].n).toBe(1);
      const festivals = await client.query("select count(*)::int as n from events where name = 'Demo Festival'");
      expect(festivals.rows[0].n).toBe(1);
      const migrations = await client.query('select name from kysely_migration');
      expect(new Set(migrations.rows.map((row) => row.name)).size).toBe(migrations.rows.length);
    } finally {
      await client.end();
    }
    const seeded = [a, b].filter((server) => server?.output().includes('Seeded demo data'));
    expect(seeded).toHaveLength(1);
  });

  it('a session made on one server is valid on the other, CSRF token included', async () => {
    const browser = new HttpClient();
    const login = await browser.request(a!.base, 'POST', '/api/login', {
      email: DEMO_ACCOUNTS.volunteer,
      password: DEMO_PASSWORD,
    });
    expect(login.status).toBe(200);
    const me = await browser.request(b!.base, 'GET', '/api/me');
    expect(me.status).toBe(200);
    expect(me.json.user.email).toBe(DEMO_ACCOUNTS.volunteer);
    const update = await browser.request(b!.base, 'POST', '/api/user/update-info', {
      firstname: 'Vera',
      lastname: 'Volunteer',
    });
    expect(update.status).toBe(200);
    expect((await browser.request(a!.base, 'GET', '/api/me')).json.user.firstname).toBe('Vera');
    // Logging out on one ends the session on both.
    expect((await browser.request(a!.base, 'GET', '/api/logout')).status).toBe(200);
    const after = new HttpClient();
    after.cookie = login.headers.getSetCookie()[0]?.split(';')[0] ?? null;
    expect((await after.request(b!.base, 'GET', '/api/me')).status).toBe(401);
  });

  it('failed logins spread over both servers share one budget', async () => {
    const rule = { max: LOGIN_FAILURE_DELAY.free };
    const statuses: number[] = [];
    for (let attempt = 0; attempt < rule.max; attempt++) {
      const server = attempt % 2 ? b! : a!;
      const response = await new HttpClient().request(server.base, 'POST', '/api/login', {
        email: DEMO_ACCOUNTS.leader,
        password: `wrong-${attempt}`,
      });
      statuses.push(response.status);
    }
    expect(statuses).toEqual(Array(rule.max).fill(401));
    for (const server of [a!, b!]) {
      const limited = await new HttpClient().request(server.base, 'POST', '/api/login', {
        email: DEMO_ACCOUNTS.leader,
        password: DEMO_PASSWORD,
      });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    console.info(`[several servers] ${rule.max} failures over 2 servers, then 429 on both`);
  });

  it('a file uploaded through one server downloads through the other', async () => {
    const browser = new HttpClient();
    await browser.request(a!.base, 'POST', '/api/login', { email: DEMO_ACCOUNTS.admin, password: DEMO_PASSWORD });
    const body = multipart('file', 'me.png', 'image/png', PNG_PIXEL);
    const upload = await browser.request(a!.base, 'POST', '/api/user/avatar', body.payload, body.headers);
    expect(upload.status).toBe(200);
    const image = await browser.request(b!.base, 'GET', upload.json.user.avatar);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.buffer.equals(PNG_PIXEL)).toBe(true);
  });
});
