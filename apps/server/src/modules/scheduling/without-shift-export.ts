import type { PlannedPerson } from '@funkis/shared';
import { type CsvDelimiter, type TableCell, tableToCsv } from '@funkis/shared';
import type { MailLanguage } from '../../lib/language.js';
import { tableToXlsx } from '../../lib/table-export.js';

const COLUMNS = ['firstname', 'lastname', 'email', 'group'] as const;
type Column = (typeof COLUMNS)[number];

const HEADERS: Record<MailLanguage, Record<Column, string>> = {
  en: { firstname: 'First name', lastname: 'Last name', email: 'Email', group: 'Group' },
  sv: { firstname: 'Förnamn', lastname: 'Efternamn', email: 'E-post', group: 'Grupp' },
};

const cellsOf = (people: PlannedPerson[]): TableCell[][] =>
  people.map((person) => [person.firstname, person.lastname, person.email, person.group?.name ?? '']);

/** Volunteers with no shift as CSV, headed in the reader's language (quoting and formula guard in lib). */
export function withoutShiftToCsv(people: PlannedPerson[], language: MailLanguage, delimiter: CsvDelimiter): string {
  return tableToCsv(
    COLUMNS.map((column) => HEADERS[language][column]),
    cellsOf(people),
    delimiter,
  );
}

export async function withoutShiftToXlsx(people: PlannedPerson[], language: MailLanguage): Promise<Buffer> {
  return tableToXlsx(
    language === 'sv' ? 'Utan pass' : 'No shift',
    COLUMNS.map((column) => ({ header: HEADERS[language][column], width: column === 'email' ? 34 : 20 })),
    cellsOf(people),
  );
}
