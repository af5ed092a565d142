import { loadConfig } from '../config.js';
import { migrateToLatest, openConfiguredDatabase } from '../db/database.js';
import { seedIfEmpty } from './seed.js';

const config = loadConfig();
const database = openConfiguredDatabase(config);
await database.exclusive(() => migrateToLatest(database));
const seeded = await seedIfEmpty(database.db, console);
if (!seeded) console.info('The database already has users: nothing seeded.');
await database.close();
