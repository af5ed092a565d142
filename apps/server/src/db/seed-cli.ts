import { loadConfig } from '../config.js';
import { migrateToLatest, openDatabase } from './database.js';
import { seedIfEmpty } from './seed.js';

const config = loadConfig();
const database = openDatabase({ url: config.DATABASE_URL, sqliteFile: config.sqliteFile });
await migrateToLatest(database);
const seeded = await seedIfEmpty(database.db, database.dialect, console);
if (!seeded) console.info('The database already has users: nothing seeded.');
await database.close();
