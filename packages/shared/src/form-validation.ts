import { regexes } from 'zod/v4/core';
import type { FormFieldType } from './constants.js';
import type { Answers, AnswerValue, FormField } from './forms.js';
import type { formsMessages } from './messages/forms.js';
import type { MessageKey } from './messages/index.js';
import { hasOnlyAllowedCharacters } from './text.js';

/*
 * The form builder's and the applicant's checks, run by the server and, before sending, by the web
 * app. No zod here (the e-mail check is zod's own pattern, the one `z.email()` tests with), so the apply page does
 * not load zod and the shared schemas (decision 017); the schemas of a form are in forms.ts.
 */

/** Field types that hold no answer: they only structure the form. */
export const DISPLAY_ONLY_FIELD_TYPES = ['heading', 'paragraph'] as const;
export const OPTION_FIELD_TYPES = ['select', 'radio', 'checkboxes'] as const;

export const isDisplayOnlyField = (type: FormFieldType): boolean =>
  (DISPLAY_ONLY_FIELD_TYPES as readonly string[]).includes(type);
export const isOptionField = (type: FormFieldType): boolean => (OPTION_FIELD_TYPES as readonly string[]).includes(type);

/** Limits of one answer. */
export const ANSWER_LIMITS = {
  TEXT_MAXIMUM: 500,
  TEXTAREA_MAXIMUM: 5000,
  EMAIL_MAXIMUM: 255,
  PHONE_MINIMUM: 5,
  PHONE_MAXIMUM: 30,
} as const;

/** Digits, spaces and + - ( ): 5 to 30 characters, at least one of them a digit. */
export const PHONE_PATTERN = /^[0-9 +\-()]{5,30}$/;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const NUMBER_PATTERN = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** New fields get `form-field-custom-<n>`, n one more than any number the form has ever used. */
export const CUSTOM_FIELD_PREFIX = 'form-field-custom-';
const CUSTOM_FIELD_PATTERN = /^form-field-custom-([1-9]\d{0,8})$/;

export const customFieldName = (n: number): string => `${CUSTOM_FIELD_PREFIX}${n}`;

/** The n of `form-field-custom-<n>`, or null for any other name. */
export function customFieldNumber(name: string): number | null {
  const match = CUSTOM_FIELD_PATTERN.exec(name);
  return match ? Number(match[1]) : null;
}

/** The highest n among the names, or 0. */
export function highestCustomFieldNumber(names: Iterable<string>): number {
  let highest = 0;
  for (const name of names) highest = Math.max(highest, customFieldNumber(name) ?? 0);
  return highest;
}

/** Keys of the form and answer rules (messages/forms.ts). */
export type FormMessageKey = keyof typeof formsMessages;

/**
 * A message key with its parameters. The web app translates it; the server adds the English text where it
 * builds its error response. No text here: the web app runs this validation, and importing the catalogue's
 * texts would bundle every language's messages into its pages (decision 017).
 */
export interface ValidationIssue {
  key: FormMessageKey | MessageKey;
  params?: Record<string, string | number>;
}

export interface ValidationResult<T> {
  /** The cleaned value: only meaningful when `isValid`. */
  value: T;
  isValid: boolean;
  /** The first failure per field (key and parameters): answers by name, form fields by `fields.<i>.<property>`. */
  issues: Record<string, ValidationIssue>;
}

function collector() {
  const issues: Record<string, ValidationIssue> = {};
  return {
    issues,
    add(path: string, key: ValidationIssue['key'], params?: ValidationIssue['params']) {
      if (path in issues) return;
      issues[path] = params ? { key, params } : { key };
    },
  };
}

const isBlank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

function isValidDate(text: string): boolean {
  const match = DATE_PATTERN.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

type Checked = { value: AnswerValue } | { issue: ValidationIssue } | { empty: true };

function checkAnswer(field: FormField, raw: unknown): Checked {
  const optionValues = new Set((field.options ?? []).map((option) => option.value));
  switch (field.type) {
    case 'checkbox': {
      if (raw === undefined || raw === null)
        return field.required ? { issue: { key: 'error.mustBeChecked' } } : { value: false };
      if (typeof raw !== 'boolean') return { issue: { key: 'error.answerInvalid' } };
      if (field.required && !raw) return { issue: { key: 'error.mustBeChecked' } };
      return { value: raw };
    }
    case 'checkboxes': {
      if (raw === undefined || raw === null || (Array.isArray(raw) && raw.length === 0)) return { empty: true };
      if (!Array.isArray(raw) || raw.some((item) => typeof item !== 'string' || !optionValues.has(item))) {
        return { issue: { key: 'error.optionInvalid' } };
      }
      return { value: [...new Set(raw as string[])] };
    }
    case 'number': {
      if (isBlank(raw)) return { empty: true };
      const text = typeof raw === 'string' ? raw.trim() : null;
      const number =
        typeof raw === 'number' ? raw : text !== null && NUMBER_PATTERN.test(text) ? Number(text) : Number.NaN;
      return Number.isFinite(number) ? { value: number } : { issue: { key: 'error.numberInvalid' } };
    }
    default:
      break;
  }
  if (isBlank(raw)) return { empty: true };
  if (typeof raw !== 'string') return { issue: { key: 'error.answerInvalid' } };
  if (!hasOnlyAllowedCharacters(raw)) return { issue: { key: 'error.invalidCharacters' } };
  const text = raw.normalize('NFC').trim();
  switch (field.type) {
    case 'text':
    case 'textarea': {
      const max = field.type === 'text' ? ANSWER_LIMITS.TEXT_MAXIMUM : ANSWER_LIMITS.TEXTAREA_MAXIMUM;
      return text.length > max ? { issue: { key: 'error.answerTooLong', params: { max } } } : { value: text };
    }
    case 'email':
      if (text.length > ANSWER_LIMITS.EMAIL_MAXIMUM) return { issue: { key: 'error.emailTooLong' } };
      return regexes.email.test(text) ? { value: text } : { issue: { key: 'error.emailInvalid' } };
    case 'phone':
      return PHONE_PATTERN.test(text) && /\d/.test(text) ? { value: text } : { issue: { key: 'error.phoneInvalid' } };
    case 'date':
      return isValidDate(text) ? { value: text } : { issue: { key: 'error.dateInvalid' } };
    case 'select':
    case 'radio':
      return optionValues.has(text) ? { value: text } : { issue: { key: 'error.optionInvalid' } };
    default:
      return { issue: { key: 'error.answerInvalid' } };
  }
}

/**
 * Checks an applicant's answers against a form: required, type, allowed option values and lengths. Keys the
 * form does not ask for, and answers to headings and paragraphs, are dropped; blank optional answers are
 * left out; strings are trimmed and numbers given as text become numbers. The same rules run in the apply
 * form (per field, as the applicant types) and on the server.
 */
export function validateAnswers(fields: readonly FormField[], answers: unknown): ValidationResult<Answers> {
  const given: Record<string, unknown> =
    answers && typeof answers === 'object' && !Array.isArray(answers) ? (answers as Record<string, unknown>) : {};
  const errors = collector();
  const cleaned: Answers = {};
  for (const field of fields) {
    if (isDisplayOnlyField(field.type)) continue;
    const raw = Object.hasOwn(given, field.name) ? given[field.name] : undefined;
    const result = checkAnswer(field, raw);
    if ('issue' in result) errors.add(field.name, result.issue.key, result.issue.params);
    else if ('empty' in result) {
      if (field.required) errors.add(field.name, 'error.required');
    } else cleaned[field.name] = result.value;
  }
  return {
    value: cleaned,
    isValid: Object.keys(errors.issues).length === 0,
    issues: errors.issues,
  };
}

/** The message for one answer, or null when it is fine: for validating a single field as the applicant types. */
export function validateAnswer(field: FormField, value: unknown): ValidationIssue | null {
  return validateAnswers([field], { [field.name]: value }).issues[field.name] ?? null;
}

/**
 * Checks a form as the builder saves it: unique names, labels, options (at least one, unique values) for
 * select, radio and checkboxes, headings and paragraphs never required. Options of other types are dropped.
 * Name stability against the saved form is checked by `checkFieldNames`.
 */
export function validateFormFields(fields: readonly FormField[]): ValidationResult<FormField[]> {
  const errors = collector();
  const seen = new Set<string>();
  const cleaned = fields.map((field, index) => {
    const at = (property: string) => `fields.${index}.${property}`;
    if (seen.has(field.name)) errors.add(at('name'), 'error.formFieldNameTaken');
    seen.add(field.name);
    if (field.type !== 'paragraph' && field.label.trim() === '')
      errors.add(at('label'), 'error.formFieldLabelRequired');
    if (isDisplayOnlyField(field.type) && field.required) errors.add(at('required'), 'error.formFieldCannotBeRequired');
    const { options, ...rest } = field;
    if (!isOptionField(field.type)) return rest;
    if (!options || options.length === 0) errors.add(at('options'), 'error.formFieldOptionsRequired');
    else {
      const values = new Set<string>();
      options.forEach((option, optionIndex) => {
        if (values.has(option.value)) errors.add(at(`options.${optionIndex}.value`), 'error.formFieldOptionDuplicate');
        values.add(option.value);
      });
    }
    return { ...rest, options: options ?? [] };
  });
  return {
    value: cleaned,
    isValid: Object.keys(errors.issues).length === 0,
    issues: errors.issues,
  };
}

/**
 * Field names are stable: a name the saved form has is kept as it is, and a new field must be named
 * `form-field-custom-<n>` with n above every number the form has used (`highestUsed`), so answers given to
 * a removed field are never shown under a new one.
 */
export function checkFieldNames(
  fields: readonly FormField[],
  savedNames: Iterable<string>,
  highestUsed: number,
): ValidationResult<FormField[]> {
  const errors = collector();
  const saved = new Set(savedNames);
  fields.forEach((field, index) => {
    if (saved.has(field.name)) return;
    const n = customFieldNumber(field.name);
    if (n === null || n <= highestUsed) {
      errors.add(`fields.${index}.name`, 'error.formFieldNameNew', { next: customFieldName(highestUsed + 1) });
    }
  });
  return {
    value: [...fields],
    isValid: Object.keys(errors.issues).length === 0,
    issues: errors.issues,
  };
}
