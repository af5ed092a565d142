/**
 * A mail worker in a process of its own, for the kill -9 test (kill.test.ts): the database and SMTP server come
 * from the environment, exactly as a second server would have them. It runs until it is killed.
 */
import pino from 'pino';
import { openDatabase } from '../../src/db/database.js';
import { createMailWorker } from '../../src/modules/mail/worker.js';
import { createMailer } from '../../src/plugins/mailer.js';

const log = pino({ level: 'silent' });
const handle = openDatabase({
  url: process.env.WORKER_DATABASE_URL || undefined,
  sqliteFile: process.env.WORKER_SQLITE_FILE ?? ':memory:',
  pgSchema: process.env.WORKER_PG_SCHEMA || undefined,
});
const mailer = createMailer(
  { smtpUrl: process.env.WORKER_SMTP_URL, from: 'Funkis <no-reply@funkis.test>', mailDir: '/nonexistent' },
  log,
);
const worker = createMailWorker(handle.db, mailer, log, {
  pollMs: 20,
  leaseMs: 1500,
  retryBaseMs: 50,
  maxAttempts: 5,
  messageIdDomain: 'funkis.test',
  defaultRatePerMinute: Number(process.env.MAIL_RATE_PER_MINUTE ?? 60_000),
});
worker.start();
process.stdout.write('ready\n');
