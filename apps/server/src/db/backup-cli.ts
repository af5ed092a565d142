/**
 * npm run backup [-- --out DIR]    a consistent copy of the SQLite database and the files, while the server runs
 * npm run restore -- DIR           puts a backup in place (stop the server first); the old data is kept aside
 * Same environment as the server (DATA_DIR). PostgreSQL: pg_dump, see the README.
 */
import path from 'node:path';
import { ConfigError, loadConfig } from '../config.js';
import { backup, restore } from './backup.js';

const [command, ...args] = process.argv.slice(2);
// npm runs this in apps/server: paths given by the user are taken from where they typed the command.
const userDir = process.env.INIT_CWD ?? process.cwd();
const fromUser = (given: string) => path.resolve(userDir, given);

async function main() {
  const env = { ...process.env };
  if (env.DATA_DIR) env.DATA_DIR = fromUser(env.DATA_DIR);
  const config = loadConfig(env);
  if (command === 'backup') {
    const index = args.indexOf('--out');
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const given = index >= 0 ? args[index + 1] : undefined;
    const out = given ? fromUser(given) : path.join(config.dataDir, '..', 'backups', stamp);
    const manifest = await backup(config, out);
    console.log(
      `Backup written to ${out}: database ${manifest.sqliteBytes} bytes (integrity ${manifest.integrity}), ${manifest.files} file(s).`,
    );
    console.log(`Restore it with: npm run restore -- ${out}   (with the server stopped)`);
    return;
  }
  if (command === 'restore') {
    const from = args.find((arg) => !arg.startsWith('--'));
    if (!from) throw new Error('Usage: npm run restore -- <backup directory>   (stop the server first)');
    const { keptAside } = await restore(config, fromUser(from));
    console.log(`Restored ${fromUser(from)} into ${config.dataDir}.`);
    for (const aside of keptAside) console.log(`The data that was there is kept at ${aside}`);
    return;
  }
  throw new Error('Usage: backup-cli.ts backup [--out DIR] | restore DIR');
}

main().catch((error) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
  process.exit(1);
});
