import { loadConfig } from '../config.js';
import { migrateToLatest, openConfiguredDatabase } from './database.js';
import { seedIfEmpty } from './seed.js';

const config = loadConfig();
const database = openConfiguredDatabase(config);
const seeded = await database.exclusive(async () => {
  await migrateToLatest(database);
  return seedIfEmpty(database.db, database.dialect, console);
});
if (!seeded) console.info('The database already has users: nothing seeded.');
await database.close();
