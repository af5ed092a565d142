import crypto from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
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
  /**
   * Web push: the VAPID key pair (base64url, as web-push's generateVAPIDKeys gives it). Unset: generated once and
   * kept in DATA_DIR; set both on every server behind one address so the browsers' subscriptions work with all.
   */
  VAPID_PUBLIC_KEY: optionalText.refine((value) => !value || /^[A-Za-z0-9_-]{86,88}={0,2}$/.test(value), {
    message: 'must be a base64url P-256 public key (87 characters)',
  }),
  VAPID_PRIVATE_KEY: optionalText.refine((value) => !value || /^[A-Za-z0-9_-]{42,44}={0,2}$/.test(value), {
    message: 'must be a base64url P-256 private key (43 characters)',
  }),
  /** Who runs this server, for the push services: `mailto:` + an address or an https URL. */
  VAPID_SUBJECT: optionalText.refine((value) => !value || /^(mailto:|https:\/\/)/.test(value), {
    message: 'must start with mailto: or https://',
  }),
  /**
   * A PEM file of certificates to trust for push services besides the system's: a private push service, or the
   * tests' local one.
   */
  PUSH_CA_FILE: optionalText,
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

export interface Config
  extends Omit<Env, 'SESSION_SECRET' | 'PUBLIC_URL' | 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT'> {
  SESSION_SECRET: string;
  /** Web push's VAPID keys and subject (from the environment, else kept in DATA_DIR). */
  vapid: { publicKey: string; privateKey: string; subject: string };
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
  const { VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT, ...values } = parsed.data;
  if (Boolean(VAPID_PUBLIC_KEY) !== Boolean(VAPID_PRIVATE_KEY)) {
    throw new ConfigError('Invalid configuration: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
  }
  const dataDir = path.resolve(values.DATA_DIR);
  const publicUrl = (values.PUBLIC_URL ?? `http://${values.HOST}:${values.PORT}`).replace(/\/$/, '');
  const keys =
    VAPID_PUBLIC_KEY && VAPID_PRIVATE_KEY
      ? { publicKey: VAPID_PUBLIC_KEY, privateKey: VAPID_PRIVATE_KEY }
      : readOrCreateVapidKeys(dataDir);
  return {
    ...values,
    vapid: { ...keys, subject: VAPID_SUBJECT ?? vapidSubjectOf(values.MAIL_FROM, publicUrl) },
    dataDir,
    sqliteFile: path.join(dataDir, 'funkis.sqlite'),
    filesDir: path.join(dataDir, 'files'),
    mailDir: path.join(dataDir, 'mail'),
    SESSION_SECRET: values.SESSION_SECRET ?? readOrCreateSecret(dataDir),
    PUBLIC_URL: publicUrl,
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

/** The sender's address of MAIL_FROM (`Funkis <no-reply@…>`) as a mailto:, else the public https address. */
function vapidSubjectOf(mailFrom: string, publicUrl: string): string {
  const address =
    /<([^<>\s]+@[^<>\s]+)>/.exec(mailFrom)?.[1] ?? (/^[^<>\s]+@[^<>\s]+$/.test(mailFrom) ? mailFrom : null);
  return address ? `mailto:${address}` : publicUrl;
}

/**
 * The VAPID key pair kept like the session secret: made once (web-push's generateVAPIDKeys, a P-256 pair as
 * base64url) and read back on every start, so subscriptions stay valid across restarts.
 */
function readOrCreateVapidKeys(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, 'vapid-keys.json');
  try {
    const stored = JSON.parse(fs.readFileSync(file, 'utf8')) as { publicKey?: unknown; privateKey?: unknown };
    if (typeof stored.publicKey === 'string' && typeof stored.privateKey === 'string') {
      return { publicKey: stored.publicKey, privateKey: stored.privateKey };
    }
  } catch {
    // Not made yet (or unreadable): made below.
  }
  fs.mkdirSync(dataDir, { recursive: true });
  // Loaded only here, on the first start: web-push costs ~50 ms to load (decision 011).
  const webpush = createRequire(import.meta.url)('web-push') as typeof import('web-push');
  const keys = webpush.generateVAPIDKeys();
  fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}
