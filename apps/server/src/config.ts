import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

const here = path.dirname(fileURLToPath(import.meta.url));

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  /** Relative paths are taken from the working directory; the default is `data/` at the repository root. */
  DATA_DIR: z.string().min(1).default(path.resolve(here, '../../../data')),
  DATABASE_URL: optionalText.refine((value) => !value || /^postgres(ql)?:\/\//.test(value), {
    message: 'must start with postgres:// or postgresql://',
  }),
  SESSION_SECRET: optionalText.refine((value) => !value || value.length >= 32, {
    message: 'must be at least 32 characters long',
  }),
  SMTP_URL: optionalText.refine((value) => !value || /^smtps?:\/\//.test(value), {
    message: 'must start with smtp:// or smtps://',
  }),
  MAIL_FROM: z.string().min(3).default('Funkis <no-reply@funkis.local>'),
  PUBLIC_URL: optionalText.pipe(z.url().optional()),
  GTM_ID: optionalText.refine((value) => !value || /^GTM-[A-Z0-9]+$/.test(value), {
    message: 'must look like GTM-XXXXXXX',
  }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(25 * 1024 * 1024),
  /** Longest an upload's body may take to arrive (ms); then it is answered 408 and what came is thrown away. */
  UPLOAD_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(120_000),
  /** Limits per account (docs/decisions/022): events one account creates in 24 hours, invitations it sends. */
  EVENTS_PER_ACCOUNT_PER_DAY: z.coerce.number().int().min(1).max(100_000).default(10),
  INVITATIONS_PER_ACCOUNT_PER_DAY: z.coerce.number().int().min(1).max(1_000_000).default(200),
  /** Bytes the files and avatars one account uploaded may take together, and everyone's together (0: no limit). */
  ACCOUNT_STORAGE_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(2 * 1024 * 1024 * 1024),
  SERVER_STORAGE_BYTES: z.coerce.number().int().min(0).default(0),
  /** Event mail leaves at most this fast per event (messages per minute). */
  MAIL_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
  /** How often the mail worker looks for due messages queued by other servers (ms). */
  MAIL_POLL_MS: z.coerce.number().int().min(10).max(600_000).default(2000),
  /** First wait after a temporary failure (ms); it doubles with each further attempt, up to one hour. */
  MAIL_RETRY_BASE_MS: z.coerce.number().int().min(1).max(3_600_000).default(60_000),
  /** Attempts before a temporarily failing address is given up as failed. */
  MAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(50).default(8),
  /** How long a claimed message is held before another worker may take it over (ms). */
  MAIL_LEASE_MS: z.coerce.number().int().min(100).max(3_600_000).default(120_000),
  /** `off` leaves the queue to other servers (or to tests that drain it themselves). */
  MAIL_WORKER: z.enum(['on', 'off']).default('on'),
  /** Shift reminders: `off` leaves them to other servers (or to tests that call `tick()` themselves). */
  REMINDER_WORKER: z.enum(['on', 'off']).default('on'),
  /** How often the reminder worker looks for shifts whose reminder is due (ms). */
  REMINDER_POLL_MS: z.coerce.number().int().min(10).max(3_600_000).default(60_000),
  /** The space all files of one event may take together (default 1 GB). */
  EVENT_FILES_QUOTA_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024 * 1024),
  /** Comma-separated addresses or CIDR ranges of reverse proxies whose X-Forwarded-* headers are believed. */
  TRUST_PROXY: optionalText,
  /** PostgreSQL: longest wait for a database connection before the request answers 503. */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  /**
   * PostgreSQL: connections in the pool. A connection goes back only when the server's one thread has handled
   * the answer, so under a rush it is held for an event-loop turn per statement; 10 queued (decision 024).
   */
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(20),
  /** PostgreSQL: longest time one statement may run (statement_timeout). */
  DB_QUERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(15_000),
  /** On SIGTERM: how long requests in flight may take to finish before the process exits anyway. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /** Overload (plugins/overload.ts): answer API calls 503 above this sustained event-loop delay / heap / RSS; 0: off. */
  MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(1_000),
  /** How long the delay must stay above MAX_EVENT_LOOP_DELAY_MS before API calls are refused (plugins/overload). */
  OVERLOAD_WINDOW_MS: z.coerce.number().int().min(0).default(5_000),
  MAX_HEAP_USED_BYTES: z.coerce.number().int().min(0).default(0),
  MAX_RSS_BYTES: z.coerce.number().int().min(0).default(0),
  WEB_DIST: z.string().default(path.resolve(here, '../../web/dist')),
  /**
   * Demo accounts and events on the first start of an empty database: `1` always, `0` never; unset, only on the
   * embedded SQLite default (never on PostgreSQL unless asked: its password is published).
   */
  DEMO_DATA: z.enum(['0', '1']).optional(),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, 'SESSION_SECRET' | 'PUBLIC_URL'> {
  SESSION_SECRET: string;
  PUBLIC_URL: string;
  dataDir: string;
  sqliteFile: string;
  filesDir: string;
  mailDir: string;
  trustProxy: string[] | false;
  /** Whether an empty database gets the demo data (DEMO_DATA, or SQLite by default). */
  seedDemoData: boolean;
  /** Tests only: PostgreSQL schema to use. */
  pgSchema?: string;
}

export class ConfigError extends Error {}

/** Reads and checks the environment. A bad value throws ConfigError with one line naming it. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new ConfigError(`Invalid configuration: ${issue.path.join('.')} ${issue.message}`);
  }
  const values = parsed.data;
  const dataDir = path.resolve(values.DATA_DIR);
  return {
    ...values,
    dataDir,
    sqliteFile: path.join(dataDir, 'funkis.sqlite'),
    filesDir: path.join(dataDir, 'files'),
    mailDir: path.join(dataDir, 'mail'),
    SESSION_SECRET: values.SESSION_SECRET ?? readOrCreateSecret(dataDir),
    PUBLIC_URL: (values.PUBLIC_URL ?? `http://${values.HOST}:${values.PORT}`).replace(/\/$/, ''),
    trustProxy: values.TRUST_PROXY ? values.TRUST_PROXY.split(',').map((entry) => entry.trim()) : false,
    seedDemoData: values.DEMO_DATA === undefined ? !values.DATABASE_URL : values.DEMO_DATA === '1',
  };
}

function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'session-secret');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = crypto.randomBytes(48).toString('base64url');
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
