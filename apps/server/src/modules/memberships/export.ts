import type { Member, MemberExportColumn } from '@funkis/shared';
import { type CsvDelimiter, tableToCsv, tableToXlsx } from '../../lib/table-export.js';

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

const cellsOf = (members: Member[], columns: readonly MemberExportColumn[]) =>
  members.map((member) => columns.map((column) => cellText(member, column)));

/** The users table as CSV (quoting, formula guard and BOM in lib/table-export.ts). */
export function membersToCsv(
  members: Member[],
  columns: readonly MemberExportColumn[],
  delimiter: CsvDelimiter = ',',
): string {
  return tableToCsv(
    columns.map((column) => HEADERS[column]),
    cellsOf(members, columns),
    delimiter,
  );
}

export async function membersToXlsx(members: Member[], columns: readonly MemberExportColumn[]): Promise<Buffer> {
  return tableToXlsx(
    'Users',
    columns.map((column) => ({ header: HEADERS[column], width: column === 'email' ? 34 : 20 })),
    cellsOf(members, columns),
  );
}
