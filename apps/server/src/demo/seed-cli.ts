import { loadConfig } from '../config.js';
import { migrateToLatest, openConfiguredDatabase } from '../db/database.js';
import { systemClock } from '../lib/clock.js';
import { seedIfEmpty } from './seed.js';

const config = loadConfig();
const database = openConfiguredDatabase(config);
await database.exclusive(() => migrateToLatest(database));
// The demo data tells nobody: a context without the mail queue and notices.
const seeded = await seedIfEmpty({ db: database.db, clock: systemClock, config }, console);
if (!seeded) console.info('The database already has users: nothing seeded.');
await database.close();
