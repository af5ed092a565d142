import type { FormField, WeekSeparationConfig } from '@funkis/shared';
import type { TFunction } from 'i18next';

type AnswerValue = string | number | boolean | string[] | null | undefined;

/** An answer as text: option values shown with their labels, lists joined, booleans as yes/no. */
export function formatAnswer(t: TFunction, value: unknown, field?: Pick<FormField, 'options'>): string {
  const answer = value as AnswerValue;
  if (answer === null || answer === undefined || answer === '') return '';
  const labelOf = (item: string) => field?.options?.find((option) => option.value === item)?.label ?? item;
  if (Array.isArray(answer)) return answer.map((item) => labelOf(String(item))).join(', ');
  if (typeof answer === 'boolean') return answer ? t('drawer.yes') : t('drawer.no');
  return labelOf(String(answer));
}

export function weekLabel(config: WeekSeparationConfig | null | undefined, week: string | null): string {
  if (!week) return '';
  return config?.options.find((option) => option.value === week)?.label ?? week;
}

/** Questions that hold an answer (headings and paragraphs do not). */
export const isAnswerField = (field: FormField) => field.type !== 'heading' && field.type !== 'paragraph';

export const formatDate = (iso: string, language: string) => {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? iso
    : new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
};
