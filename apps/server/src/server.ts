import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { openConfiguredDatabase } from './db/database.js';
import { seedIfEmpty } from './db/seed.js';

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
  // buildApp migrates (under the startup lock); the seed takes the same lock, so servers starting at once
  // on one PostgreSQL neither migrate nor seed twice.
  const app = await buildApp({ config, database });
  await database.exclusive(() => seedIfEmpty(database.db, database.dialect, app.log));

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing requests in flight');
    try {
      await app.close();
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
