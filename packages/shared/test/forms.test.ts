import { describe, expect, it } from 'vitest';
import {
  checkFieldNames,
  customFieldNumber,
  highestCustomFieldNumber,
  type ValidationIssue,
  validateAnswer,
  validateAnswers,
  validateFormFields,
} from '../src/form-validation.js';
import type { FormField } from '../src/forms.js';
import { messageText } from '../src/messages/index.js';

const field = (type: FormField['type'], extra: Partial<FormField> = {}): FormField => ({
  name: `f-${type}`,
  type,
  label: `The ${type}`,
  required: false,
  ...(type === 'select' || type === 'radio' || type === 'checkboxes'
    ? {
        options: [
          { value: 'a', label: 'A' },
          { value: 'b', label: 'B' },
        ],
      }
    : {}),
  ...extra,
});

/** English text of an issue, as the server writes it into its 400 (the validation gives keys only). */
const textOf = (issue: ValidationIssue) => messageText(issue.key, issue.params);
const textsOf = (issues: Record<string, ValidationIssue>) =>
  Object.fromEntries(Object.entries(issues).map(([path, issue]) => [path, textOf(issue)]));

/** The message for one value of a field, or null when accepted. */
const messageFor = (f: FormField, value: unknown) => {
  const issue = validateAnswers([f], { [f.name]: value }).issues[f.name];
  return issue ? textOf(issue) : null;
};
const cleaned = (f: FormField, value: unknown) => validateAnswers([f], { [f.name]: value }).value[f.name];

describe('validateAnswers', () => {
  it('asks for required answers of every answerable type', () => {
    for (const type of [
      'text',
      'textarea',
      'email',
      'phone',
      'number',
      'date',
      'select',
      'radio',
      'checkboxes',
    ] as const) {
      const f = field(type, { required: true });
      expect(messageFor(f, undefined), type).toBe('This field is required.');
      expect(messageFor(f, null), type).toBe('This field is required.');
    }
    expect(messageFor(field('text', { required: true }), '   ')).toBe('This field is required.');
    expect(messageFor(field('checkboxes', { required: true }), [])).toBe('This field is required.');
  });

  it('leaves blank optional answers out', () => {
    const result = validateAnswers([field('text'), field('number'), field('checkboxes')], {
      'f-text': '  ',
      'f-number': '',
      'f-checkboxes': [],
    });
    expect(result.isValid).toBe(true);
    expect(result.value).toEqual({});
  });

  it('trims text and limits text to 500 and textarea to 5000 characters', () => {
    expect(cleaned(field('text'), '  hello  ')).toBe('hello');
    expect(messageFor(field('text'), 'x'.repeat(500))).toBeNull();
    expect(messageFor(field('text'), 'x'.repeat(501))).toBe('This answer cannot be longer than 500 characters.');
    expect(messageFor(field('textarea'), `line 1\n${'x'.repeat(4990)}`)).toBeNull();
    expect(messageFor(field('textarea'), 'x'.repeat(5001))).toBe('This answer cannot be longer than 5000 characters.');
    expect(messageFor(field('text'), 42)).toBe('This answer is invalid.');
    expect(messageFor(field('text'), ['a'])).toBe('This answer is invalid.');
  });

  it('checks e-mail addresses', () => {
    expect(messageFor(field('email'), 'anna@example.com')).toBeNull();
    expect(messageFor(field('email'), 'anna@')).toBe('The email address is invalid.');
    expect(messageFor(field('email'), 'not an address')).toBe('The email address is invalid.');
  });

  it('checks phone numbers: digits, spaces and + - ( ), 5 to 30 characters', () => {
    expect(messageFor(field('phone'), '+46 (0)70-123 45 67')).toBeNull();
    expect(messageFor(field('phone'), '12345')).toBeNull();
    expect(messageFor(field('phone'), '1234')).toMatch(/phone number is invalid/);
    expect(messageFor(field('phone'), '1'.repeat(31))).toMatch(/phone number is invalid/);
    expect(messageFor(field('phone'), '070-abc 1234')).toMatch(/phone number is invalid/);
    expect(messageFor(field('phone'), '+ - ( )')).toMatch(/phone number is invalid/);
  });

  it('accepts finite numbers, also typed as text, and refuses the rest', () => {
    expect(cleaned(field('number'), 42)).toBe(42);
    expect(cleaned(field('number'), ' -3.5 ')).toBe(-3.5);
    expect(cleaned(field('number'), 0)).toBe(0);
    expect(messageFor(field('number'), 'twelve')).toBe('Enter a number.');
    expect(messageFor(field('number'), '12abc')).toBe('Enter a number.');
    expect(messageFor(field('number'), Number.POSITIVE_INFINITY)).toBe('Enter a number.');
    expect(messageFor(field('number'), true)).toBe('Enter a number.');
  });

  it('accepts real calendar dates as YYYY-MM-DD only', () => {
    expect(messageFor(field('date'), '2025-06-30')).toBeNull();
    expect(messageFor(field('date'), '2024-02-29')).toBeNull();
    expect(messageFor(field('date'), '2025-02-29')).toBe('Enter a valid date (YYYY-MM-DD).');
    expect(messageFor(field('date'), '2025-13-01')).toBe('Enter a valid date (YYYY-MM-DD).');
    expect(messageFor(field('date'), '30/06/2025')).toBe('Enter a valid date (YYYY-MM-DD).');
  });

  it('accepts only option values for select and radio', () => {
    for (const type of ['select', 'radio'] as const) {
      expect(messageFor(field(type), 'a'), type).toBeNull();
      expect(messageFor(field(type), 'A'), type).toBe('Choose one of the options.');
      expect(messageFor(field(type), 'c'), type).toBe('Choose one of the options.');
      expect(messageFor(field(type), ['a']), type).toBe('This answer is invalid.');
    }
  });

  it('accepts a list of option values for checkboxes, without repeats', () => {
    expect(cleaned(field('checkboxes'), ['b', 'a', 'b'])).toEqual(['b', 'a']);
    expect(messageFor(field('checkboxes'), ['a', 'c'])).toBe('Choose one of the options.');
    expect(messageFor(field('checkboxes'), 'a')).toBe('Choose one of the options.');
    expect(messageFor(field('checkboxes'), [1])).toBe('Choose one of the options.');
  });

  it('takes a checkbox as a boolean that must be ticked when required', () => {
    expect(cleaned(field('checkbox'), true)).toBe(true);
    expect(cleaned(field('checkbox'), undefined)).toBe(false);
    expect(messageFor(field('checkbox'), 'yes')).toBe('This answer is invalid.');
    expect(messageFor(field('checkbox', { required: true }), false)).toBe('This field must be checked.');
    expect(messageFor(field('checkbox', { required: true }), undefined)).toBe('This field must be checked.');
    expect(messageFor(field('checkbox', { required: true }), true)).toBeNull();
  });

  it('drops unknown keys and answers to headings and paragraphs', () => {
    const result = validateAnswers([field('heading'), field('paragraph'), field('text')], {
      'f-heading': 'x',
      'f-paragraph': 'y',
      'f-text': 'kept',
      other: 'dropped',
    });
    expect(result.isValid).toBe(true);
    expect(result.value).toEqual({ 'f-text': 'kept' });
  });

  it('gives keys with parameters for translation, and tolerates a missing answers object', () => {
    const result = validateAnswers([field('text', { required: true })], null);
    expect(result.isValid).toBe(false);
    expect(result.issues).toEqual({ 'f-text': { key: 'error.required' } });
    expect(validateAnswer(field('text'), 'x'.repeat(501))).toEqual({
      key: 'error.answerTooLong',
      params: { max: 500 },
    });
    expect(validateAnswer(field('text'), 'fine')).toBeNull();
  });
});

describe('validateFormFields', () => {
  it('accepts a good form and drops options of types that have none', () => {
    const result = validateFormFields([
      field('heading'),
      field('text', { options: [{ value: 'x', label: 'X' }] }),
      field('radio', { required: true }),
    ]);
    expect(result.isValid).toBe(true);
    expect(result.value[1]).not.toHaveProperty('options');
    expect(result.value[2].options).toHaveLength(2);
  });

  it('refuses repeated names, missing or repeated options, required headings and missing labels', () => {
    const result = validateFormFields([
      field('text', { name: 'same' }),
      field('email', { name: 'same' }),
      field('select', { options: [] }),
      field('checkboxes', {
        options: [
          { value: 'a', label: 'A' },
          { value: 'a', label: 'Again' },
        ],
      }),
      field('heading', { required: true }),
      field('text', { name: 'no-label', label: '' }),
      field('paragraph', { label: '' }),
    ]);
    expect(result.isValid).toBe(false);
    expect(textsOf(result.issues)).toEqual({
      'fields.1.name': 'Field names must be unique in the form.',
      'fields.2.options': 'Add at least one option.',
      'fields.3.options.1.value': 'Option values must be unique within the field.',
      'fields.4.required': 'Headings and paragraphs cannot be required.',
      'fields.5.label': 'The label is required.',
    });
  });
});

describe('field names', () => {
  it('reads the number of custom names', () => {
    expect(customFieldNumber('form-field-custom-15')).toBe(15);
    expect(customFieldNumber('form-field-custom-0')).toBeNull();
    expect(customFieldNumber('checkbox-test')).toBeNull();
    expect(highestCustomFieldNumber(['checkbox-test', 'form-field-custom-3', 'form-field-custom-12'])).toBe(12);
  });

  it('keeps saved names and wants new ones above every number used before', () => {
    const saved = ['checkbox-test', 'form-field-custom-2'];
    const ok = checkFieldNames(
      [field('text', { name: 'checkbox-test' }), field('text', { name: 'form-field-custom-6' })],
      saved,
      5,
    );
    expect(ok.isValid).toBe(true);
    const reused = checkFieldNames([field('text', { name: 'form-field-custom-5' })], saved, 5);
    expect(textsOf(reused.issues)['fields.0.name']).toMatch(/form-field-custom-6 or higher/);
    const invented = checkFieldNames([field('text', { name: 'my-own-name' })], saved, 5);
    expect(invented.isValid).toBe(false);
  });
});
