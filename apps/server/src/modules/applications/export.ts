import type { CsvDelimiter, TableCell } from '@funkis/shared';
import {
  type AnswerValue,
  APPLICATION_EXPORT_BASE_COLUMNS,
  type Application,
  type ApplicationExportBaseColumn,
  type ApplicationStatus,
  type FormField,
  type WeekSeparationConfig,
} from '@funkis/shared';
import { mapInSlices } from '../../lib/event-loop.js';
import { badRequest } from '../../lib/http-error.js';
import type { MailLanguage } from '../../lib/language.js';
import { tableToCsvInSlices, tableToXlsx } from '../../lib/table-export.js';

/** A column of the export: one of the applicant's own, or the answer to one question of the form. */
export type ApplicationExportColumn =
  | { kind: 'base'; name: ApplicationExportBaseColumn }
  | { kind: 'answer'; field: FormField };

const HEADERS: Record<MailLanguage, Record<ApplicationExportBaseColumn, string>> = {
  en: {
    firstname: 'First name',
    lastname: 'Last name',
    email: 'Email',
    status: 'Status',
    group: 'Group',
    week: 'Week',
    createdAt: 'Applied',
  },
  sv: {
    firstname: 'Förnamn',
    lastname: 'Efternamn',
    email: 'E-post',
    status: 'Status',
    group: 'Grupp',
    week: 'Vecka',
    createdAt: 'Ansökte',
  },
};

const STATUS_NAMES: Record<MailLanguage, Record<ApplicationStatus, string>> = {
  en: {
    pending: 'Pending',
    staged: 'Staged',
    accepted: 'Accepted',
    reserve: 'Reserve',
    rejected: 'Rejected',
    none: 'None',
  },
  sv: {
    pending: 'Väntande',
    staged: 'Förberedd',
    accepted: 'Antagen',
    reserve: 'Reserv',
    rejected: 'Avslagen',
    none: 'Ingen',
  },
};

const YES_NO: Record<MailLanguage, [string, string]> = { en: ['Yes', 'No'], sv: ['Ja', 'Nej'] };

/**
 * The columns asked for, in their order: base column names and form field names (`answer:<name>` too). Left out:
 * the base columns (week only with week separation) then every question. An unknown name is refused (400).
 */
export function exportColumnsOf(
  asked: readonly string[] | undefined,
  fields: readonly FormField[],
  weekConfig: WeekSeparationConfig | null,
): ApplicationExportColumn[] {
  const answerFields = new Map(fields.map((field) => [field.name, field]));
  const isBase = (name: string): name is ApplicationExportBaseColumn =>
    (APPLICATION_EXPORT_BASE_COLUMNS as readonly string[]).includes(name);
  if (!asked) {
    return [
      ...APPLICATION_EXPORT_BASE_COLUMNS.filter((name) => name !== 'week' || weekConfig !== null).map(
        (name) => ({ kind: 'base', name }) as const,
      ),
      ...fields.map((field) => ({ kind: 'answer', field }) as const),
    ];
  }
  return asked.map((name) => {
    const fieldName = name.startsWith('answer:') ? name.slice('answer:'.length) : name;
    const field = answerFields.get(fieldName);
    if (field && (fieldName !== name || !isBase(name))) return { kind: 'answer', field };
    if (isBase(name)) return { kind: 'base', name };
    throw badRequest('error.applicationsExportColumn', { column: name.slice(0, 100) });
  });
}

/** An answer as the applicant chose it: option values written as their labels, lists joined, yes/no. */
export function answerCell(field: FormField, value: AnswerValue | undefined, language: MailLanguage): TableCell {
  if (value === null || value === undefined || value === '') return '';
  const labelOf = (item: string) => field.options?.find((option) => option.value === item)?.label ?? item;
  if (Array.isArray(value)) return value.map(labelOf).join(', ');
  if (typeof value === 'boolean') return value ? YES_NO[language][0] : YES_NO[language][1];
  if (typeof value === 'number') return value;
  return labelOf(value);
}

function cellOf(
  application: Application,
  column: ApplicationExportColumn,
  language: MailLanguage,
  weekConfig: WeekSeparationConfig | null,
): TableCell {
  if (column.kind === 'answer') return answerCell(column.field, application.answers[column.field.name], language);
  switch (column.name) {
    case 'firstname':
      return application.user.firstname;
    case 'lastname':
      return application.user.lastname;
    case 'email':
      return application.user.email;
    case 'status':
      return STATUS_NAMES[language][application.status];
    case 'group':
      return application.group?.name ?? '';
    case 'week':
      return weekConfig?.options.find((option) => option.value === application.week)?.label ?? application.week ?? '';
    case 'createdAt':
      return application.createdAt;
  }
}

export interface ApplicationsExport {
  applications: Application[];
  columns: ApplicationExportColumn[];
  weekConfig: WeekSeparationConfig | null;
  language: MailLanguage;
}

const headersOf = ({ columns, language, weekConfig }: ApplicationsExport) =>
  columns.map((column) =>
    column.kind === 'answer'
      ? column.field.label || column.field.name
      : column.name === 'week' && weekConfig
        ? weekConfig.columnLabel
        : HEADERS[language][column.name],
  );

const rowOf = (data: ApplicationsExport) => (application: Application) =>
  data.columns.map((column) => cellOf(application, column, data.language, data.weekConfig));

/**
 * One row per application, answers headed by their question (quoting, formula guard and BOM: lib/table-export.ts),
 * written in slices: 20,000 rows of 40 answers each is seconds of work on the server's one thread.
 */
export function applicationsToCsv(data: ApplicationsExport, delimiter: CsvDelimiter = ','): Promise<string> {
  return tableToCsvInSlices(headersOf(data), data.applications, rowOf(data), delimiter);
}

export async function applicationsToXlsx(data: ApplicationsExport): Promise<Buffer> {
  const headers = headersOf(data);
  const rows = await mapInSlices(data.applications, rowOf(data));
  return tableToXlsx(
    data.language === 'sv' ? 'Ansökningar' : 'Applications',
    headers.map((header, index) => {
      const column = data.columns[index];
      return { header, width: column?.kind === 'base' && column.name === 'email' ? 34 : 22 };
    }),
    rows,
  );
}
