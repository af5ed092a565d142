/**
 * Tables as files to download (the users export, hours per volunteer): CSV and XLSX with the same choices.
 * The CSV quoting and the formula guard are the one writer of `@funkis/shared` (csv.ts), the web app's too.
 */

import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { CSV_BOM, type CsvDelimiter, csvLine, type TableCell } from '@funkis/shared';
import { SLICE_ROWS, turnOfTheLoop } from './event-loop.js';
import { WorkQueue } from './work-queue.js';

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

/**
 * What builds the XLSX file, in a worker thread: exceljs builds the sheet's XML and zips it in JavaScript, about a
 * second of one core for 10,000 rows, which on the server's own thread would stop every other request for as
 * long (decision 024). Plain JavaScript as text, so the same code runs from the sources (tsx, tests) and from the
 * bundle; exceljs is required by the path the server itself resolves.
 */
const XLSX_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const ExcelJS = require(workerData.exceljs);
const books = new Map();
parentPort.on('message', async (message) => {
  const { id } = message;
  try {
    if (message.type === 'begin') {
      const workbook = new ExcelJS.Workbook();
      workbook.creator = 'Funkis';
      const sheet = workbook.addWorksheet(message.sheetName);
      sheet.columns = message.columns.map((column, index) => ({ header: column.header, key: 'c' + index, width: column.width ?? 20 }));
      sheet.getRow(1).font = { bold: true };
      books.set(id, { workbook, sheet });
      return;
    }
    const book = books.get(id);
    if (!book) return;
    if (message.type === 'rows') {
      for (const row of message.rows) {
        const values = {};
        for (let index = 0; index < row.length; index++) values['c' + index] = row[index];
        book.sheet.addRow(values);
      }
      return;
    }
    books.delete(id);
    const buffer = Buffer.from(await book.workbook.xlsx.writeBuffer());
    const bytes = buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength);
    parentPort.postMessage({ id, bytes }, [bytes]);
  } catch (error) {
    books.delete(id);
    parentPort.postMessage({ id, error: String(error && error.stack || error) });
  }
});
`;

/** One export at a time builds a file (one worker thread, one core); a few more wait their turn. */
export const exportQueue = new WorkQueue('exports', 1, 20);

let worker: Worker | null = null;
let nextJob = 0;
const pending = new Map<number, { resolve: (bytes: Buffer) => void; reject: (error: Error) => void }>();

/** The worker, started on the first export and kept (unref'd: it never holds the process open). */
function xlsxWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(XLSX_WORKER, {
    eval: true,
    workerData: { exceljs: createRequire(import.meta.url).resolve('exceljs') },
  });
  started.unref();
  started.on('message', (message: { id: number; bytes?: ArrayBuffer; error?: string }) => {
    const job = pending.get(message.id);
    pending.delete(message.id);
    if (!job) return;
    if (message.bytes) job.resolve(Buffer.from(message.bytes));
    else job.reject(new Error(`XLSX export failed: ${message.error}`));
  });
  const fail = (error: Error) => {
    worker = null;
    for (const job of pending.values()) job.reject(error);
    pending.clear();
  };
  started.on('error', fail);
  started.on('exit', (code) => fail(new Error(`XLSX worker exited with code ${code}`)));
  worker = started;
  return started;
}

/**
 * XLSX: text cells are written as text, never as formulas, so no guarding is needed; numbers as numbers. The rows
 * go to the worker in slices (copying 10,000 rows to another thread in one message is one long stretch here too),
 * the loop turning between them.
 */
export function tableToXlsx(
  sheetName: string,
  columns: readonly XlsxColumn[],
  rows: readonly TableCell[][],
): Promise<Buffer> {
  return exportQueue.run(async () => {
    nextJob += 1;
    const id = nextJob;
    const target = xlsxWorker();
    const done = new Promise<Buffer>((resolve, reject) => pending.set(id, { resolve, reject }));
    // A worker that fails while slices are still being sent rejects this before it is awaited: not unhandled.
    done.catch(() => {});
    target.postMessage({ id, type: 'begin', sheetName, columns });
    for (let start = 0; start < rows.length; start += SLICE_ROWS) {
      if (start > 0) await turnOfTheLoop();
      target.postMessage({ id, type: 'rows', rows: rows.slice(start, start + SLICE_ROWS) });
    }
    target.postMessage({ id, type: 'end' });
    return done;
  });
}
