import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, type Migration, type MigrationProvider, Migrator, type SqliteDatabase, SqliteDialect } from 'kysely';
import type { Config } from '../config.js';
import * as initial from './migrations/0001-initial.js';
import * as formsFieldCounter from './migrations/0002-forms-field-counter.js';
import * as accountEmailCi from './migrations/0003-account-email-ci.js';
import * as applicationsSearch from './migrations/0004-applications-search.js';
import * as feedAndFiles from './migrations/0007-feed-and-files.js';
import * as mailQueue from './migrations/0008-mail-queue.js';
import * as statistics from './migrations/0009-statistics.js';
import * as scheduling from './migrations/0010-scheduling.js';
import * as rateLimits from './migrations/0011-rate-limits.js';
import * as invitations from './migrations/0012-invitations.js';
import * as applicationsSortName from './migrations/0013-applications-sort-name.js';
import * as schedulingTimeZone from './migrations/0014-scheduling-time-zone-and-reminders.js';
import * as schedulingPlanning from './migrations/0015-scheduling-planning.js';
import * as mailRichTextAndReads from './migrations/0016-mail-rich-text-and-reads.js';
import * as auditLogWithoutForeignKeys from './migrations/0017-audit-log-without-foreign-keys.js';
import * as userFirstUniqueKeys from './migrations/0018-user-first-unique-keys.js';
import * as mailFromName from './migrations/0021-mail-from-name.js';
import * as emailConfirmation from './migrations/0027-email-confirmation.js';
import * as mailPreview from './migrations/0028-mail-preview.js';
import * as shiftRevisions from './migrations/0030-shift-revisions.js';
import * as mailCopiesComposedWhenSent from './migrations/0031-mail-copies-composed-when-sent.js';
import * as auditLogPartOf from './migrations/0035-audit-log-part-of.js';
import * as reviewSortIndexes from './migrations/0040-review-sort-indexes.js';
import * as choicesWrittenByTheServer from './migrations/0041-choices-written-by-the-server.js';
import * as eventDay from './migrations/0042-event-day.js';
import * as schedulingLateAfter from './migrations/0043-scheduling-late-after.js';
import * as webPush from './migrations/0044-web-push.js';
import * as coverRequests from './migrations/0045-cover-requests.js';
import * as shiftWaitlists from './migrations/0046-shift-waitlists.js';
import * as shiftOffers from './migrations/0047-shift-offers.js';
import * as wishRounds from './migrations/0048-wish-rounds.js';
import * as membershipReferencesPerStatement from './migrations/0049-membership-references-per-statement.js';
import * as statisticsDayEstimate from './migrations/0050-statistics-day-estimate.js';
import * as applicationAnswers from './migrations/0051-application-answers.js';
import { OwnSchemaPostgresDialect } from './own-schema-introspector.js';
import type { Database, Db, DialectName } from './types.js';

export interface DatabaseOptions {
  /** postgres://… for PostgreSQL; unset for SQLite. */
  url?: string;
  /** SQLite file (or ':memory:') when no url is given. */
  sqliteFile: string;
  /** PostgreSQL schema to work in (tests use one fresh schema per file). */
  pgSchema?: string;
  pgPoolSize?: number;
  /** PostgreSQL: longest wait for a connection (a free one in the pool or a new one), in ms. */
  connectTimeoutMs?: number;
  /** PostgreSQL: longest time one statement may take, in ms (server-side statement_timeout, and a client-side
   * read timeout a little above it for a network that went silent). */
  queryTimeoutMs?: number;
  /** Where idle-connection errors go (a backend terminated, the network cut); they must not crash the process. */
  onPoolError?: (error: Error) => void;
}

export interface DatabaseHandle {
  db: Db;
  dialect: DialectName;
  /** The PostgreSQL schema in use when it is not the default one. */
  schema?: string;
  /**
   * Runs `work` while holding a PostgreSQL advisory lock, so that several servers starting at once migrate and
   * seed one after the other. SQLite: runs it directly (one file, one server).
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** Key of the advisory lock taken around migrations and the demo seed ('funkis' as a number). */
const STARTUP_LOCK_KEY = 0x66756e6b;

/** Clients whose connection is known to be dead (a read timed out): destroyed on release, not reused. */
const brokenClients = new WeakSet<object>();

/** Errors that mean the connection itself is gone, not that the statement failed. */
function isLostConnection(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return /Query read timeout|Connection terminated|connection timeout|ECONNRESET|EPIPE/i.test(message);
}

/** Most distinct SQL texts run as named prepared statements (each connection prepares those it runs). */
export const PG_PREPARED_TEXTS = 300;
const preparedNames = new Map<string, string>();
/** Texts found unfit (up to a bound), so the common ones are not tested again on every run. */
const unpreparedTexts = new Set<string>();

/**
 * PostgreSQL: a query's text and values become a named prepared statement, so each connection parses and plans a
 * text once instead of on every run. The sign-up's first look (a join and two subqueries) took ~0.45–0.6 ms of
 * the database's CPU per run unprepared, ~0.07–0.09 ms prepared (decision 024).
 * Only single statements with few values (not the `in (…)` lists of a batch, whose texts vary with their length),
 * and none with a `*` column list, whose result columns a later migration could change under the prepared
 * statement; at most PG_PREPARED_TEXTS texts, the rest as before.
 */
function preparedArguments(args: unknown[]): unknown[] {
  const [text, values] = args;
  if (typeof text !== 'string' || (values !== undefined && !Array.isArray(values))) return args;
  let name = preparedNames.get(text);
  if (name === undefined) {
    if (unpreparedTexts.has(text)) return args;
    if (
      preparedNames.size >= PG_PREPARED_TEXTS ||
      text.length > 8_000 ||
      (values?.length ?? 0) > 64 ||
      text.includes(';') ||
      /[^(]\*/.test(text) ||
      !/^\s*(select|insert|update|delete|with)\s/i.test(text)
    ) {
      if (unpreparedTexts.size < 1_000) unpreparedTexts.add(text);
      return args;
    }
    name = `funkis_${preparedNames.size + 1}`;
    preparedNames.set(text, name);
  }
  return [{ name, text, values }, ...args.slice(2)];
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.url) {
    // Required only when PostgreSQL is used: SQLite starts do not pay for loading pg.
    const pg = createRequire(import.meta.url)('pg') as typeof import('pg');
    // Counts come back as strings from pg; ours stay far below 2^53, so numbers are safe and simpler.
    pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10));
    const queryTimeout = options.queryTimeoutMs ?? 15_000;
    const serverOptions = [
      `-c statement_timeout=${queryTimeout}`,
      ...(options.pgSchema ? [`-c search_path=${options.pgSchema}`] : []),
    ];
    const pgPool = new pg.Pool({
      connectionString: options.url,
      max: options.pgPoolSize ?? 10,
      connectionTimeoutMillis: options.connectTimeoutMs ?? 5_000,
      query_timeout: queryTimeout + 2_000,
      keepAlive: true,
      options: serverOptions.join(' '),
    });
    pgPool.on('error', (error) => options.onPoolError?.(error));
    pgPool.on('connect', (client) => {
      // A connection that dies while checked out between two statements emits 'error' with nobody listening,
      // which would end the process: note it, and drop the client when it comes back.
      client.on('error', (error) => {
        brokenClients.add(client);
        options.onPoolError?.(error);
      });
      const query = client.query.bind(client) as (...args: unknown[]) => unknown;
      (client as { query: unknown }).query = (...args: unknown[]) => {
        const result = query(...preparedArguments(args));
        if (result instanceof Promise) {
          result.catch((error: unknown) => {
            if (isLostConnection(error)) brokenClients.add(client);
          });
        }
        return result;
      };
    });
    // Kysely releases a connection without an error even when its query failed; a dead one must be dropped.
    const pool = {
      async connect() {
        const client = await pgPool.connect();
        const release = client.release;
        client.release = (error?: Error | boolean) => release(error ?? (brokenClients.has(client) || undefined));
        return client;
      },
      end: () => pgPool.end(),
    };
    const db = new Kysely<Database>({ dialect: new OwnSchemaPostgresDialect({ pool }) });
    const exclusive = async <T>(work: () => Promise<T>): Promise<T> => {
      const lock = await pgPool.connect();
      try {
        await lock.query('select pg_advisory_lock($1)', [STARTUP_LOCK_KEY]);
        return await work();
      } finally {
        await lock.query('select pg_advisory_unlock($1)', [STARTUP_LOCK_KEY]).catch(() => {});
        lock.release();
      }
    };
    return { db, dialect: 'postgres', schema: options.pgSchema, exclusive, close: () => db.destroy() };
  }
  if (options.sqliteFile !== ':memory:') fs.mkdirSync(path.dirname(options.sqliteFile), { recursive: true });
  const sqlite = new SQLite(options.sqliteFile);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  sqliteConnections.set(db, sqlite);
  return { db, dialect: 'sqlite', exclusive: (work) => work(), close: () => db.destroy() };
}

/** The better-sqlite3 connection under each SQLite Kysely instance (not under its transactions). */
const sqliteConnections = new WeakMap<object, SQLite.Database>();

/**
 * The SQLite connection a Kysely instance runs on, for reads that skip Kysely's executor (lib/prepared.ts);
 * undefined for PostgreSQL and for a transaction's Kysely instance.
 */
export function sqliteConnectionOf(db: object): SQLite.Database | undefined {
  return sqliteConnections.get(db);
}

/** The database the configuration names, with its timeouts. */
export function openConfiguredDatabase(
  config: Config,
  onPoolError: (error: Error) => void = (error) => console.error(`database connection lost: ${error.message}`),
): DatabaseHandle {
  return openDatabase({
    url: config.DATABASE_URL,
    sqliteFile: config.sqliteFile,
    pgSchema: config.pgSchema,
    connectTimeoutMs: config.DB_CONNECT_TIMEOUT_MS,
    pgPoolSize: config.DB_POOL_SIZE,
    queryTimeoutMs: config.DB_QUERY_TIMEOUT_MS,
    onPoolError,
  });
}

/** Most distinct SQL texts kept prepared; the least recently used is finalised beyond that. */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * better-sqlite3 with its prepared statements reused by SQL text. Kysely's SQLite driver prepares every query
 * again, which was the largest single cost of a small API answer (a profile of the request path); the queries of a route are
 * the same text every time, with only the parameters changing. Safe because Kysely runs one query at a time on
 * its single SQLite connection, and SQLite re-prepares a statement by itself after a schema change.
 */
export function withStatementCache(
  sqlite: SQLite.Database,
  size = STATEMENT_CACHE_SIZE,
): SqliteDatabase & { cachedStatements(): number } {
  const statements = new Map<string, SQLite.Statement>();
  return {
    prepare(sql: string) {
      let statement = statements.get(sql);
      if (statement) {
        // Map keeps insertion order: move the hit to the end, so the first key is the least recently used.
        statements.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (statements.size >= size) statements.delete(statements.keys().next().value as string);
      }
      statements.set(sql, statement);
      return statement;
    },
    close() {
      statements.clear();
      sqlite.close();
    },
    cachedStatements: () => statements.size,
  };
}

/** Migrations are imported, not read from disk, so they run the same from source, tests and bundles. */
function migrationProvider(dialect: DialectName): MigrationProvider {
  const modules = {
    '0001-initial': initial,
    '0002-forms-field-counter': formsFieldCounter,
    '0003-account-email-ci': accountEmailCi,
    '0004-applications-search': applicationsSearch,
    '0007-feed-and-files': feedAndFiles,
    '0008-mail-queue': mailQueue,
    '0010-scheduling': scheduling,
    '0009-statistics': statistics,
    '0011-rate-limits': rateLimits,
    '0012-invitations': invitations,
    '0013-applications-sort-name': applicationsSortName,
    '0014-scheduling-time-zone-and-reminders': schedulingTimeZone,
    '0015-scheduling-planning': schedulingPlanning,
    '0016-mail-rich-text-and-reads': mailRichTextAndReads,
    '0017-audit-log-without-foreign-keys': auditLogWithoutForeignKeys,
    '0018-user-first-unique-keys': userFirstUniqueKeys,
    '0021-mail-from-name': mailFromName,
    '0027-email-confirmation': emailConfirmation,
    '0028-mail-preview': mailPreview,
    '0030-shift-revisions': shiftRevisions,
    '0031-mail-copies-composed-when-sent': mailCopiesComposedWhenSent,
    '0035-audit-log-part-of': auditLogPartOf,
    '0040-review-sort-indexes': reviewSortIndexes,
    '0041-choices-written-by-the-server': choicesWrittenByTheServer,
    '0042-event-day': eventDay,
    '0043-scheduling-late-after': schedulingLateAfter,
    '0044-web-push': webPush,
    '0045-cover-requests': coverRequests,
    '0046-shift-waitlists': shiftWaitlists,
    '0047-shift-offers': shiftOffers,
    '0048-wish-rounds': wishRounds,
    '0049-membership-references-per-statement': membershipReferencesPerStatement,
    '0050-statistics-day-estimate': statisticsDayEstimate,
    '0051-application-answers': applicationAnswers,
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

/** The migrator of a database; migrateToLatest runs it, tests of a migration step it (`migrateTo`, `migrateDown`). */
export function migratorOf(handle: DatabaseHandle): Migrator {
  return new Migrator({
    db: handle.db,
    provider: migrationProvider(handle.dialect),
    // Numbers are handed out to parallel work, so one may land after a higher one already ran on a database
    // (0013 after 0014–0016): run whatever has not run yet instead of refusing the database as "corrupted".
    allowUnorderedMigrations: true,
    // Kysely looks for its own tables across all schemas unless told which one is ours.
    ...(handle.schema ? { migrationTableSchema: handle.schema } : {}),
  });
}

export async function migrateToLatest(handle: DatabaseHandle): Promise<void> {
  const { error, results } = await migratorOf(handle).migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`);
  }
}
