import type { HoursExportColumn, HoursRow } from '@funkis/shared';
import { type CsvDelimiter, type TableCell, tableToCsv } from '@funkis/shared';
import { tableToXlsx } from '../../lib/table-export.js';

const HEADERS: Record<HoursExportColumn, string> = {
  firstname: 'First name',
  lastname: 'Last name',
  email: 'Email',
  group: 'Group',
  shifts: 'Shifts',
  arrived: 'Arrived',
  noShow: 'No-show',
  hours: 'Hours',
};

/** Hours with two decimals at most; a decimal comma for the semicolon CSV (what Swedish Excel reads as a number). */
function cell(row: HoursRow, column: HoursExportColumn, decimalComma: boolean): TableCell {
  switch (column) {
    case 'group':
      return row.group?.name ?? '';
    case 'hours': {
      const hours = Math.round((row.minutes / 60) * 100) / 100;
      return decimalComma ? String(hours).replace('.', ',') : hours;
    }
    default:
      return row[column];
  }
}

const cellsOf = (rows: HoursRow[], columns: readonly HoursExportColumn[], decimalComma: boolean) =>
  rows.map((row) => columns.map((column) => cell(row, column, decimalComma)));

/** Hours per volunteer as CSV with the chosen columns in their order (quoting and formula guard in lib). */
export function hoursToCsv(rows: HoursRow[], columns: readonly HoursExportColumn[], delimiter: CsvDelimiter): string {
  return tableToCsv(
    columns.map((column) => HEADERS[column]),
    cellsOf(rows, columns, delimiter === ';'),
    delimiter,
  );
}

export async function hoursToXlsx(rows: HoursRow[], columns: readonly HoursExportColumn[]): Promise<Buffer> {
  return tableToXlsx(
    'Hours',
    columns.map((column) => ({ header: HEADERS[column], width: column === 'email' ? 34 : 14 })),
    cellsOf(rows, columns, false),
  );
}
