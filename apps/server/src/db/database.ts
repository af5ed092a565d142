import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, type Migration, type MigrationProvider, Migrator, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import * as initial from './migrations/0001-initial.js';
import * as formsFieldCounter from './migrations/0002-forms-field-counter.js';
import * as accountEmailCi from './migrations/0003-account-email-ci.js';
import * as applicationsSearch from './migrations/0004-applications-search.js';
import * as scheduling from './migrations/0010-scheduling.js';
import type { Database, Db, DialectName } from './types.js';

export interface DatabaseOptions {
  /** postgres://… for PostgreSQL; unset for SQLite. */
  url?: string;
  /** SQLite file (or ':memory:') when no url is given. */
  sqliteFile: string;
  /** PostgreSQL schema to work in (tests use one fresh schema per file). */
  pgSchema?: string;
  pgPoolSize?: number;
}

export interface DatabaseHandle {
  db: Db;
  dialect: DialectName;
  /** The PostgreSQL schema in use when it is not the default one. */
  schema?: string;
  close(): Promise<void>;
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.url) {
    // Counts come back as strings from pg; ours stay far below 2^53, so numbers are safe and simpler.
    pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.pgPoolSize ?? 10,
      ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: 'postgres', schema: options.pgSchema, close: () => db.destroy() };
  }
  if (options.sqliteFile !== ':memory:') fs.mkdirSync(path.dirname(options.sqliteFile), { recursive: true });
  const sqlite = new SQLite(options.sqliteFile);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

/** Migrations are imported, not read from disk, so they run the same from source, tests and bundles. */
function migrationProvider(dialect: DialectName): MigrationProvider {
  const modules = {
    '0001-initial': initial,
    '0002-forms-field-counter': formsFieldCounter,
    '0003-account-email-ci': accountEmailCi,
    '0004-applications-search': applicationsSearch,
    '0010-scheduling': scheduling,
  };
  return {
    async getMigrations() {
      const migrations: Record<string, Migration> = {};
      for (const [name, module] of Object.entries(modules)) {
        migrations[name] = { up: (db) => module.up(db, dialect), down: (db) => module.down(db) };
      }
      return migrations;
    },
  };
}

export async function migrateToLatest(handle: DatabaseHandle): Promise<void> {
  const migrator = new Migrator({
    db: handle.db,
    provider: migrationProvider(handle.dialect),
    // Kysely looks for its own tables across all schemas unless told which one is ours.
    ...(handle.schema ? { migrationTableSchema: handle.schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
