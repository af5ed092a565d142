/**
 * Tables as files to download (the users export, hours per volunteer): CSV and XLSX with the same choices.
 * One place for the CSV quoting and the formula guard, so every export is safe the same way.
 */

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The separators a spreadsheet may split a CSV line on, whichever the file uses (Nordic Excel splits on `;`). */
const SEPARATORS = ',;\t|';
const FORMULA_START = /[=+\-@\t\r]/;

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return) as a formula (OWASP "CSV
 * injection"). Such a character gets a leading apostrophe at the start of the value and after every separator
 * inside it, since a program splitting on another separator than ours starts a cell there (`Stalls;=1+1;`).
 */
export function guardFormula(value: string): string {
  let guarded = '';
  let cellStart = true;
  for (const character of value) {
    if (cellStart && FORMULA_START.test(character)) guarded += "'";
    guarded += character;
    cellStart = SEPARATORS.includes(character) || (cellStart && character === ' ');
  }
  return guarded;
}

export type CsvDelimiter = ',' | ';';
/** A cell: text, or a number (written as is; numbers are never formulas). */
export type TableCell = string | number;

/** Every field quoted (RFC 4180: quotes doubled), so no program splits inside one on our separator. */
function csvField(value: TableCell): string {
  const text = typeof value === 'number' ? String(value) : guardFormula(value);
  return `"${text.replaceAll('"', '""')}"`;
}

/**
 * CSV with a header row and CRLF line ends; a byte-order mark so spreadsheet programs read UTF-8 (å, ä, ö).
 * `;` is what Swedish (and most European) Excel expects; `,` the default elsewhere.
 */
export function tableToCsv(
  headers: readonly string[],
  rows: readonly TableCell[][],
  delimiter: CsvDelimiter = ',',
): string {
  const line = (cells: readonly TableCell[]) => cells.map(csvField).join(delimiter);
  const lines = [line(headers)];
  for (const row of rows) lines.push(line(row));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

export interface XlsxColumn {
  header: string;
  width?: number;
}

/** XLSX: text cells are written as text, never as formulas, so no guarding is needed; numbers as numbers. */
export async function tableToXlsx(
  sheetName: string,
  columns: readonly XlsxColumn[],
  rows: readonly TableCell[][],
): Promise<Buffer> {
  // Loaded on first export: exceljs takes about 0.2 s to import, which every start would otherwise pay.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Funkis';
  const sheet = workbook.addWorksheet(sheetName);
  sheet.columns = columns.map((column, index) => ({
    header: column.header,
    key: `c${index}`,
    width: column.width ?? 20,
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) sheet.addRow(Object.fromEntries(row.map((cell, index) => [`c${index}`, cell])));
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
