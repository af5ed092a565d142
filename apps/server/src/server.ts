import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openConfiguredDatabase } from './db/database.js';
import { seedIfEmpty } from './demo/seed.js';
import { withoutServices } from './lib/context.js';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const database = openConfiguredDatabase(config);
  // buildApp migrates under an advisory lock and the seed takes one of its own, so servers starting at once
  // on one PostgreSQL neither migrate nor seed twice.
  const app = await buildApp({ config, database });
  // The demo data tells nobody: a context without the mail queue and notices.
  if (config.seedDemoData) await seedIfEmpty(withoutServices(app.serverContext), app.log);
  else app.log.info('Demo data is off (DEMO_DATA=1 seeds an empty database; SQLite seeds by default).');

  let closing = false;
  /**
   * SIGTERM/SIGINT: stop accepting connections (new requests on open ones answer 503), let the requests in
   * flight finish, then the onClose hooks close the database; exit 0. Past SHUTDOWN_GRACE_MS the process exits
   * with 1 anyway, so a stuck request cannot keep a deployment waiting.
   */
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    const started = Date.now();
    app.log.info({ signal, graceMs: config.SHUTDOWN_GRACE_MS }, 'shutting down: finishing requests in flight');
    const deadline = setTimeout(() => {
      app.log.error(
        { graceMs: config.SHUTDOWN_GRACE_MS },
        'shutdown grace time over: exiting with requests unfinished',
      );
      process.exit(1);
    }, config.SHUTDOWN_GRACE_MS);
    deadline.unref();
    try {
      await app.close();
      app.log.info({ ms: Date.now() - started }, 'shut down cleanly: requests finished, database closed');
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.PORT, host: config.HOST });
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
