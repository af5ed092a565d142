import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { backup, restore } from '../../src/db/backup.js';
import { multipart, PNG_PIXEL } from '../account/helpers.js';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import { TestClient } from '../helpers/client.js';
import { createEvent, createUser, loginAs, type TestUser } from '../helpers/factories.js';

/** npm run backup / restore on SQLite: a consistent copy taken while writes go on, restored into a new place. */
describe.skipIf(dialect !== 'sqlite')('backup and restore on sqlite', () => {
  let t: TestApp;
  let user: TestUser;
  let avatarUrl: string;
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'funkis-backup-'));
    dirs.push(dir);
    return dir;
  };

  beforeAll(async () => {
    t = await createTestApp();
    user = await createUser(t.db);
    const client = await loginAs(t.app, user);
    const body = multipart('file', 'me.png', 'image/png', PNG_PIXEL);
    const upload = await client.request('POST', '/api/user/avatar', undefined, body);
    expect(upload.statusCode).toBe(200);
    avatarUrl = upload.json().user.avatar;
  });
  afterAll(async () => {
    await t.close();
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('copies the database and the files while the server writes, and restores them into a working server', async () => {
    const admin = await createUser(t.db);
    const event = await createEvent(t.db, { adminId: admin.id });
    const organiser = await loginAs(t.app, admin);
    // Writes go on during the backup: the copy is one consistent snapshot (integrity check), not a torn file.
    let writing = true;
    let written = 0;
    const writes = (async () => {
      while (writing) {
        const response = await organiser.post(`/api/event/${event.id}/groups`, { name: `Backup ${written}` });
        expect(response.statusCode).toBe(201);
        written += 1;
      }
    })();
    await new Promise((resolve) => setTimeout(resolve, 100));
    const out = path.join(tempDir(), 'backup');
    const writtenAtStart = written;
    const manifest = await backup(t.app.config, out);
    const writtenBefore = written;
    writing = false;
    await writes;
    expect(manifest.integrity).toBe('ok');
    expect(manifest.files).toBe(1);
    expect(writtenAtStart).toBeGreaterThan(0);

    const restoredDir = tempDir();
    const config = {
      ...t.app.config,
      dataDir: restoredDir,
      sqliteFile: path.join(restoredDir, 'funkis.sqlite'),
      filesDir: path.join(restoredDir, 'files'),
    };
    await restore(config, out);
    const restored = await buildApp({ config, logger: false });
    try {
      const client = new TestClient(restored);
      await client.login(user.email, user.password);
      const image = await client.get(avatarUrl);
      expect(image.statusCode).toBe(200);
      expect(image.rawPayload.equals(PNG_PIXEL)).toBe(true);
      const groups = await restored.db
        .selectFrom('event_groups')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('event_id', '=', event.id)
        .executeTakeFirstOrThrow();
      // Every group acknowledged before the backup began is in it; some written during it may be too.
      expect(Number(groups.n)).toBeGreaterThanOrEqual(writtenAtStart);
      expect(Number(groups.n)).toBeLessThanOrEqual(written);
      console.info(
        `[backup] ${manifest.sqliteBytes} bytes + ${manifest.files} file; ${writtenAtStart} groups written before it began, ` +
          `${writtenBefore - writtenAtStart} during it; ` +
          `restored: ${groups.n} groups, avatar served`,
      );
    } finally {
      await restored.close();
    }
  });

  it('refuses to write into a directory that is not empty, and to restore from one that is not a backup', async () => {
    const dir = tempDir();
    fs.writeFileSync(path.join(dir, 'something'), 'x');
    await expect(backup(t.app.config, dir)).rejects.toThrow(/not empty/);
    await expect(restore(t.app.config, dir)).rejects.toThrow(/not a backup/);
  });
});
