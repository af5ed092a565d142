import { exportQueue } from '../../lib/table-export.js';
import { WorkerThread } from '../../lib/worker-thread.js';
import type { Badge, BadgeSize } from './badge-sheet.js';

export type { Badge, BadgeSize } from './badge-sheet.js';

/**
 * Drawing badges costs 2–4 ms of one core per badge and half a second for the first of a process (loading pdf-lib,
 * fontkit and qrcode, parsing the fonts): even cut into slices between turns of the loop, 24 labels held the
 * server's thread for 20–30 ms on a quiet machine and over 50 on a loaded one. So they are drawn in a worker thread
 * of their own (badges-worker.ts), which only its queue waits for.
 */
const badgesThread = new WorkerThread<{ badges: readonly Badge[]; size: BadgeSize }, Uint8Array>('badges', {
  source: new URL('./badges-worker.ts', import.meta.url),
  bundled: 'badges-worker.js',
});

/** The badges as a PDF, in the bounded export queue (one at a time, a few waiting: decision 024). */
export async function badgesPdf(badges: readonly Badge[], size: BadgeSize): Promise<Buffer> {
  const pdf = await exportQueue.run(() => badgesThread.run({ badges, size }));
  return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
}
