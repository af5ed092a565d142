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

/**
 * A spreadsheet opening a CSV runs a cell that starts with = + - @ (or a tab or carriage return) as a formula:
 * such cells get a leading apostrophe (OWASP "CSV injection").
 */
export function guardFormula(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

/** RFC 4180: fields with a comma, quote or line break are quoted, quotes doubled. */
function csvField(value: string): string {
  const guarded = guardFormula(value);
  return /[",\r\n]/.test(guarded) ? `"${guarded.replaceAll('"', '""')}"` : guarded;
}

/** CSV with a header row and CRLF line ends; a byte-order mark so spreadsheet programs read UTF-8 (å, ä, ö). */
export function membersToCsv(members: Member[], columns: readonly MemberExportColumn[]): string {
  const lines = [columns.map((column) => csvField(HEADERS[column])).join(',')];
  for (const member of members) lines.push(columns.map((column) => csvField(cellText(member, column))).join(','));
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
