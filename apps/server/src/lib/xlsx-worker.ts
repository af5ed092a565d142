/**
 * The XLSX exports' worker thread: writes each job's sheet (xlsx-writer.ts) and moves the file's bytes back to the
 * server's thread. Started by table-export.ts, from this file under tsx (dev, tests) and from dist/xlsx-worker.js
 * in the built server.
 */

import type { TableCell } from '@funkis/shared';
import type { XlsxJob } from './table-export.js';
import { answerJobs } from './worker-thread.js';
import { buildXlsx } from './xlsx-writer.js';

answerJobs(
  async ({ sheetName, columns, rows }: XlsxJob) =>
    buildXlsx({ name: sheetName, columns, rows: JSON.parse(new TextDecoder().decode(rows)) as TableCell[][] }),
  (file) => [file.buffer as ArrayBuffer],
);
