import type { CsvDelimiter, Member, MemberExportColumn } from '@funkis/shared';
import { mapInSlices } from '../../lib/event-loop.js';
import { tableToCsvInSlices, tableToXlsx } from '../../lib/table-export.js';

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

const rowOf = (columns: readonly MemberExportColumn[]) => (member: Member) =>
  columns.map((column) => cellText(member, column));

/** The users table as CSV (quoting, formula guard and BOM in lib/table-export.ts), written in slices. */
export function membersToCsv(
  members: Member[],
  columns: readonly MemberExportColumn[],
  delimiter: CsvDelimiter = ',',
): Promise<string> {
  return tableToCsvInSlices(
    columns.map((column) => HEADERS[column]),
    members,
    rowOf(columns),
    delimiter,
  );
}

export async function membersToXlsx(members: Member[], columns: readonly MemberExportColumn[]): Promise<Buffer> {
  return tableToXlsx(
    'Users',
    columns.map((column) => ({ header: HEADERS[column], width: column === 'email' ? 34 : 20 })),
    await mapInSlices(members, rowOf(columns)),
  );
}
