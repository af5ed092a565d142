/**
 * Tables as files to download (the users export, hours per volunteer): CSV and XLSX with the same choices.
 * The CSV quoting and the formula guard are the one writer of `@funkis/shared` (csv.ts), the web app's too.
 */

import { CSV_BOM, type CsvDelimiter, csvLine, type TableCell } from '@funkis/shared';
import { SLICE_ROWS, turnOfTheLoop } from './event-loop.js';
import { WorkQueue } from './work-queue.js';
import { WorkerThread } from './worker-thread.js';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The same CSV for an export of thousands of rows: each row's cells are made by `cellsOf` and written in slices,
 * the event loop turning between them, so no slice holds the server's thread for long.
 */
export async function tableToCsvInSlices<T>(
  headers: readonly string[],
  items: readonly T[],
  cellsOf: (item: T) => TableCell[],
  delimiter: CsvDelimiter = ',',
): Promise<string> {
  const parts = [`${CSV_BOM}${csvLine(headers, delimiter)}\r\n`];
  for (let start = 0; start < items.length; start += SLICE_ROWS) {
    if (start > 0) await turnOfTheLoop();
    let slice = '';
    const end = Math.min(items.length, start + SLICE_ROWS);
    for (let index = start; index < end; index += 1) slice += `${csvLine(cellsOf(items[index] as T), delimiter)}\r\n`;
    parts.push(slice);
  }
  return parts.join('');
}

export interface XlsxColumn {
  header: string;
  width?: number;
}

/** One job of the XLSX worker (xlsx-worker.ts): the rows as JSON text, whose bytes are moved rather than copied. */
export interface XlsxJob {
  sheetName: string;
  columns: readonly XlsxColumn[];
  rows: Uint8Array;
}

/**
 * Writing the sheet's XML and zipping it (xlsx-writer.ts) is about 0.1-0.2 s of one core for 10,000 rows, which on
 * the server's own thread would stop every other request for as long (decision 024): it runs in a worker thread.
 */
const xlsxThread = new WorkerThread<XlsxJob, Uint8Array>('XLSX export', {
  source: new URL('./xlsx-worker.ts', import.meta.url),
  bundled: 'xlsx-worker.js',
});

/** One export at a time builds a file (one worker thread, one core); a few more wait their turn. */
export const exportQueue = new WorkQueue('exports', 1, 20);

/**
 * An export's reading of its rows (the database's answer parsed and mapped on the server's thread), one export at a
 * time, a few more waiting: five exports of 10,000 members asked at once would otherwise parse 50,000 rows in the
 * same moments, and everyone else's requests would wait behind them (decision 024). Building the file then takes
 * its turn in `exportQueue`, so one export's reading overlaps another's building.
 */
export const exportReadQueue = new WorkQueue('export reads', 1, 20);
export const readForExport = <T>(read: () => Promise<T>): Promise<T> => exportReadQueue.run(read);

/**
 * XLSX: text cells are written as text, never as formulas, so no guarding is needed; numbers as numbers. Copying
 * 10,000 rows to another thread as objects would be one long stretch on this thread too: they are written as JSON
 * in slices, the loop turning between them, and the bytes are moved to the worker.
 */
export function tableToXlsx(
  sheetName: string,
  columns: readonly XlsxColumn[],
  rows: readonly TableCell[][],
): Promise<Buffer> {
  return exportQueue.run(async () => {
    const slices: string[] = [];
    for (let start = 0; start < rows.length; start += SLICE_ROWS) {
      if (start > 0) await turnOfTheLoop();
      slices.push(JSON.stringify(rows.slice(start, start + SLICE_ROWS)).slice(1, -1));
    }
    const json = new TextEncoder().encode(`[${slices.join(',')}]`);
    const file = await xlsxThread.run({ sheetName, columns, rows: json }, [json.buffer as ArrayBuffer]);
    return Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  });
}
