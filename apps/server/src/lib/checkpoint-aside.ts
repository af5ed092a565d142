import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { sqliteConnectionOf } from '../db/database.js';
import type { Db } from '../db/types.js';

/**
 * A big write on SQLite without the checkpoint on the server's thread. In WAL mode SQLite copies the log back into
 * the database file right in the COMMIT that takes the log past 1,000 pages (the automatic checkpoint); a
 * transaction of 10,000 places and their audit rows writes more than that by itself, so its COMMIT held the loop
 * for ≈ 45 ms, 6 ms of it the commit and the rest the copy (decision 035). Around such work the automatic
 * checkpoint is off; afterwards a worker thread checkpoints through a connection of its own (a passive
 * checkpoint waits for nobody and nobody waits for it, the server's connection keeps reading and writing), and
 * then the automatic checkpoint is on again. Nested or overlapping calls share one such stretch. PostgreSQL and
 * an in-memory database: `work` as it is.
 */
export async function withCheckpointAside<T>(db: Db, work: () => Promise<T>): Promise<T> {
  const sqlite = sqliteConnectionOf(db);
  if (!sqlite || sqlite.memory) return work();
  if (aside === 0) {
    restoreTo = Number(sqlite.pragma('wal_autocheckpoint', { simple: true }));
    sqlite.pragma('wal_autocheckpoint = 0');
  }
  aside += 1;
  try {
    return await work();
  } finally {
    aside -= 1;
    if (aside === 0) {
      await checkpointInWorker(sqlite.name);
      // Another big write may have begun while the worker ran; it turns the checkpoint on when it ends.
      if (aside === 0) sqlite.pragma(`wal_autocheckpoint = ${restoreTo}`);
    }
  }
}

let aside = 0;
let restoreTo = 1000;

const WORKER = `
const { workerData, parentPort } = require('node:worker_threads');
const Database = require(workerData.driver);
let error = null;
try {
  const db = new Database(workerData.file);
  try {
    db.pragma('busy_timeout = 5000');
    db.pragma('synchronous = NORMAL');
    db.pragma('wal_checkpoint(PASSIVE)');
  } finally {
    db.close();
  }
} catch (caught) {
  error = String(caught && caught.message || caught);
}
parentPort.postMessage(error);
`;

/**
 * A passive checkpoint of `file` by a connection in a worker thread; never fails (what it could not copy, the
 * next automatic checkpoint copies).
 */
function checkpointInWorker(file: string): Promise<void> {
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      const driver = createRequire(import.meta.url).resolve('better-sqlite3');
      worker = new Worker(WORKER, { eval: true, workerData: { file, driver } });
    } catch {
      resolve();
      return;
    }
    worker.once('message', () => resolve());
    worker.once('error', () => resolve());
    worker.once('exit', () => resolve());
  });
}
