import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Config } from '../config.js';

/** What a backup directory holds: funkis.sqlite, files/ and this description. */
export interface BackupManifest {
  createdAt: string;
  database: 'sqlite';
  sqliteBytes: number;
  files: number;
  integrity: string;
}

const MANIFEST = 'backup.json';
/** The most pages better-sqlite3 lets one backup step copy: all of any database this app keeps. */
const ALL_PAGES = 0x7fffffff;
const SQLITE_NAME = 'funkis.sqlite';

async function countFiles(dir: string): Promise<number> {
  const entries = await fsp.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).length;
}

/**
 * A consistent copy of the SQLite database while the server runs (SQLite's online backup API: the copy is one
 * snapshot, writers are not stopped), then the uploaded files. The database goes first: a file is always stored
 * before the row that names it, so every row in the copy finds its file (a file without a row is harmless).
 */
export async function backup(config: Config, outDir: string): Promise<BackupManifest> {
  if (config.DATABASE_URL) {
    throw new Error(
      'DATABASE_URL is set: back up PostgreSQL with pg_dump and DATA_DIR/files with any file copy (README, "Backups").',
    );
  }
  if (!fs.existsSync(config.sqliteFile)) throw new Error(`No database at ${config.sqliteFile}`);
  await fsp.mkdir(outDir, { recursive: true });
  if ((await fsp.readdir(outDir)).length > 0) throw new Error(`${outDir} is not empty`);
  const target = path.join(outDir, SQLITE_NAME);
  const source = new SQLite(config.sqliteFile, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    // Everything in one step: SQLite restarts a backup whenever another connection writes between two steps, so
    // the default 100 pages per step never finishes while a busy server keeps writing. One step reads one snapshot.
    await source.backup(target, { progress: () => ALL_PAGES });
  } finally {
    source.close();
  }
  const copy = new SQLite(target, { readonly: true });
  const integrity = String(copy.pragma('integrity_check', { simple: true }));
  copy.close();
  if (integrity !== 'ok') throw new Error(`The copy failed its integrity check: ${integrity}`);

  const filesOut = path.join(outDir, 'files');
  if (fs.existsSync(config.filesDir)) {
    await fsp.cp(config.filesDir, filesOut, {
      recursive: true,
      // Uploads still arriving are not files yet.
      filter: (from) => path.basename(from) !== '.incoming',
    });
  } else {
    await fsp.mkdir(filesOut);
  }
  const manifest: BackupManifest = {
    createdAt: new Date().toISOString(),
    database: 'sqlite',
    sqliteBytes: (await fsp.stat(target)).size,
    files: await countFiles(filesOut),
    integrity,
  };
  await fsp.writeFile(path.join(outDir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

/**
 * Puts a backup in place of the current data. The server must be stopped. What was there is kept beside it
 * (`funkis.sqlite.before-restore-<time>`, `files.before-restore-<time>`), never deleted.
 */
export async function restore(config: Config, fromDir: string): Promise<{ keptAside: string[] }> {
  if (config.DATABASE_URL) {
    throw new Error('DATABASE_URL is set: restore PostgreSQL with pg_restore/psql (README, "Backups").');
  }
  const manifestFile = path.join(fromDir, MANIFEST);
  if (!fs.existsSync(manifestFile)) throw new Error(`${fromDir} is not a backup (no ${MANIFEST})`);
  const source = path.join(fromDir, SQLITE_NAME);
  const check = new SQLite(source, { readonly: true, fileMustExist: true });
  const integrity = String(check.pragma('integrity_check', { simple: true }));
  check.close();
  if (integrity !== 'ok') throw new Error(`The backup failed its integrity check: ${integrity}`);

  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const keptAside: string[] = [];
  await fsp.mkdir(config.dataDir, { recursive: true });
  for (const suffix of ['', '-wal', '-shm']) {
    const current = `${config.sqliteFile}${suffix}`;
    if (!fs.existsSync(current)) continue;
    const aside = `${config.sqliteFile}.before-restore-${stamp}${suffix}`;
    await fsp.rename(current, aside);
    keptAside.push(aside);
  }
  await fsp.copyFile(source, config.sqliteFile);
  if (fs.existsSync(config.filesDir)) {
    const aside = `${config.filesDir}.before-restore-${stamp}`;
    await fsp.rename(config.filesDir, aside);
    keptAside.push(aside);
  }
  await fsp.cp(path.join(fromDir, 'files'), config.filesDir, { recursive: true });
  return { keptAside };
}
