import type { Member, MemberExportColumn } from '@funkis/shared';

const HEADERS: Record<MemberExportColumn, string> = {
  firstname: 'First name',
  lastname: 'Last name',
  email: 'Email',
  roleLevel: 'Role',
  group: 'Group',
};

const ROLE_NAMES = { 0: 'Admin', 1: 'Group leader', 2: 'Volunteer' } as const;

function cellText(member: Member, column: MemberExportColumn): string {
  switch (column) {
    case 'roleLevel':
      return ROLE_NAMES[member.roleLevel];
    case 'group':
      return member.group?.name ?? '';
    default:
      return member[column];
  }
}

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

/** Every field quoted (RFC 4180: quotes doubled), so no program splits inside one on our separator. */
function csvField(value: string): string {
  return `"${guardFormula(value).replaceAll('"', '""')}"`;
}

/**
 * CSV with a header row and CRLF line ends; a byte-order mark so spreadsheet programs read UTF-8 (å, ä, ö).
 * `;` is what Swedish (and most European) Excel expects; `,` the default elsewhere.
 */
export function membersToCsv(
  members: Member[],
  columns: readonly MemberExportColumn[],
  delimiter: CsvDelimiter = ',',
): string {
  const line = (cells: string[]) => cells.map(csvField).join(delimiter);
  const lines = [line(columns.map((column) => HEADERS[column]))];
  for (const member of members) lines.push(line(columns.map((column) => cellText(member, column))));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** XLSX: cells are written as text, never as formulas, so no guarding is needed. */
export async function membersToXlsx(members: Member[], columns: readonly MemberExportColumn[]): Promise<Buffer> {
  // Loaded on first export: exceljs takes about 0.2 s to import, which every start would otherwise pay.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Funkis';
  const sheet = workbook.addWorksheet('Users');
  sheet.columns = columns.map((column) => ({
    header: HEADERS[column],
    key: column,
    width: column === 'email' ? 34 : 20,
  }));
  sheet.getRow(1).font = { bold: true };
  for (const member of members) {
    sheet.addRow(Object.fromEntries(columns.map((column) => [column, cellText(member, column)])));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
