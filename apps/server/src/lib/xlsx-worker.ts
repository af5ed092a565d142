/**
 * The XLSX exports' worker thread: builds each job's sheet with exceljs and moves the file's bytes back to the
 * server's thread. Started by table-export.ts, from this file under tsx (dev, tests) and from dist/xlsx-worker.js
 * in the built server.
 */

import ExcelJS from 'exceljs';
import type { XlsxJob } from './table-export.js';
import { answerJobs } from './worker-thread.js';

answerJobs(
  async ({ sheetName, columns, rows }: XlsxJob) => {
    const workbook = new ExcelJS.Workbook();
    workbook.creator = 'Funkis';
    const sheet = workbook.addWorksheet(sheetName);
    sheet.columns = columns.map((column, index) => ({
      header: column.header,
      key: `c${index}`,
      width: column.width ?? 20,
    }));
    sheet.getRow(1).font = { bold: true };
    for (const row of JSON.parse(new TextDecoder().decode(rows)) as (string | number)[][]) {
      const values: Record<string, string | number> = {};
      for (let index = 0; index < row.length; index += 1) values[`c${index}`] = row[index] as string | number;
      sheet.addRow(values);
    }
    return new Uint8Array(await workbook.xlsx.writeBuffer());
  },
  (file) => [file.buffer as ArrayBuffer],
);
