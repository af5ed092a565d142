/**
 * The one CSV writer, for the server's exports and the web app's chart tables alike: every field quoted (RFC 4180,
 * quotes doubled), CRLF line ends, a byte-order mark so spreadsheet programs read UTF-8 (å, ä, ö), and the formula
 * guard below on every text cell.
 */

/** The separators a spreadsheet may split a CSV line on, whichever the file uses (Nordic Excel splits on `;`). */
const SEPARATORS = ',;\t|';
const FORMULA_START = /[=+\-@\t\r]/;

/**
 * A spreadsheet runs a cell that starts with = + - @ (or a tab or carriage return) as a formula (OWASP "CSV
 * injection"). Such a character gets a leading apostrophe at the start of the value and after every separator
 * inside it, since a program splitting on another separator than ours starts a cell there (`Stalls;=1+1;`).
 */
export function guardFormula(value: string): string {
  // Most cells hold none of these characters: nothing to guard, and no walk through every character.
  if (!FORMULA_START.test(value)) return value;
  let guarded = '';
  let cellStart = true;
  for (const character of value) {
    if (cellStart && FORMULA_START.test(character)) guarded += "'";
    guarded += character;
    cellStart = SEPARATORS.includes(character) || (cellStart && character === ' ');
  }
  return guarded;
}

/** `;` is what Swedish (and most European) Excel expects; `,` the default elsewhere. */
export type CsvDelimiter = ',' | ';';
/** A cell: text, or a number (written as is; numbers are never formulas). */
export type TableCell = string | number;

/** One quoted field. */
function csvField(value: TableCell): string {
  const text = typeof value === 'number' ? String(value) : guardFormula(value);
  return `"${text.replaceAll('"', '""')}"`;
}

/** One line of fields, without its line end. */
export function csvLine(cells: readonly TableCell[], delimiter: CsvDelimiter = ','): string {
  return cells.map(csvField).join(delimiter);
}

/** The byte-order mark that starts every CSV file. */
export const CSV_BOM = '\uFEFF';

/** A whole CSV file: the header row, then the rows. */
export function tableToCsv(
  headers: readonly string[],
  rows: readonly (readonly TableCell[])[],
  delimiter: CsvDelimiter = ',',
): string {
  const lines = [csvLine(headers, delimiter)];
  for (const row of rows) lines.push(csvLine(row, delimiter));
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}
