/**
 * The badges' worker thread: draws each job's badges as a PDF and moves the bytes back to the server's thread.
 * Started by badges.ts, from this file under tsx (dev, tests) and from dist/badges-worker.js in the built server.
 */

import { answerJobs } from '../../lib/worker-thread.js';
import { type Badge, type BadgeSize, drawBadgesPdf } from './badge-sheet.js';

answerJobs(
  ({ badges, size }: { badges: Badge[]; size: BadgeSize }) => drawBadgesPdf(badges, size),
  (pdf) => [pdf.buffer as ArrayBuffer],
);
