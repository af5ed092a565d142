import { describe, expect, it } from 'vitest';
import {
  catalogue,
  changeEmailSchema,
  changePasswordSchema,
  LIMITS,
  loginSchema,
  messageText,
  NAME_PATTERN,
  registerFormSchema,
  registerSchema,
  removeUserFormSchema,
  updateInfoSchema,
} from '../src/index.js';

/** field → message keys, in order, of a failed parse. */
function issuesOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  const byField: Record<string, string[]> = {};
  for (const issue of result.error?.issues ?? []) {
    const field = issue.path.join('.');
    byField[field] = [...(byField[field] ?? []), issue.message];
  }
  return byField;
}

const validForm = {
  email: 'asa@example.test',
  firstname: 'Åsa',
  lastname: 'Öberg',
  password: 'secret-1',
  passwordConfirmation: 'secret-1',
  terms: true,
};

describe('the name pattern', () => {
  it.each([
    'Åsa',
    'Öberg',
    'Émile',
    'Anna Karin',
    'Berg-Ström',
    'Ørjan',
    'Ækre',
    'Ørjan Ækre',
    'Anna Karin Berg-Ström',
    'Zoë',
    'Łukasz',
  ])('accepts %s', (name) => {
    expect(NAME_PATTERN.test(name)).toBe(true);
  });

  it.each([
    'åsa',
    'anna Karin',
    'Anna karin',
    'Anna2',
    '2Anna',
    '<b>Anna</b>',
    '<script>',
    'Anna&amp;',
    'ANNA',
    'AnNa',
    'A',
    'Anna ',
    ' Anna',
    'Anna  Karin',
    'Berg-ström',
    'Berg-Ström-Ek',
    'Berg--Ström',
    "O'Brien",
    '',
  ])('refuses %j', (name) => {
    expect(NAME_PATTERN.test(name)).toBe(false);
  });
});

describe('the register schemas', () => {
  it('accepts the payload the spec names and drops anything else', () => {
    const result = registerSchema.parse({ ...validForm, isAdmin: true });
    expect(result).toEqual({ email: 'asa@example.test', firstname: 'Åsa', lastname: 'Öberg', password: 'secret-1' });
  });

  it('puts error.passwordsDoNotMatch on passwordConfirmation when the two differ', () => {
    const result = registerFormSchema.safeParse({ ...validForm, passwordConfirmation: 'secret-2' });
    expect(result.success).toBe(false);
    expect(issuesOf(result)).toEqual({ passwordConfirmation: ['error.passwordsDoNotMatch'] });
    expect(messageText('error.passwordsDoNotMatch')).toBe('Passwords do not match.');
  });

  it('still compares the passwords while other fields have errors', () => {
    const result = registerFormSchema.safeParse({ ...validForm, firstname: '', passwordConfirmation: 'secret-2' });
    expect(issuesOf(result)).toEqual({
      firstname: ['error.firstnameRequired'],
      passwordConfirmation: ['error.passwordsDoNotMatch'],
    });
  });

  it('gives each empty field one message: that it is required', () => {
    const result = registerFormSchema.safeParse({
      email: ' ',
      firstname: '',
      lastname: '',
      password: '',
      passwordConfirmation: '',
      terms: false,
    });
    expect(issuesOf(result)).toEqual({
      email: ['error.emailRequired'],
      firstname: ['error.firstnameRequired'],
      lastname: ['error.lastnameRequired'],
      password: ['error.passwordRequired'],
      passwordConfirmation: ['error.passwordConfirmationRequired'],
      terms: ['error.mustBeChecked'],
    });
    expect(issuesOf(registerSchema.safeParse({}))).toEqual({
      email: ['error.emailRequired'],
      firstname: ['error.firstnameRequired'],
      lastname: ['error.lastnameRequired'],
      password: ['error.passwordRequired'],
    });
  });

  it('applies the limits of spec sections 5 and 9', () => {
    expect(LIMITS).toMatchObject({ EMAIL_MAXIMUM: 255, PASSWORD_MINIMUM: 7, PASSWORD_MAXIMUM: 255, NAME_MAXIMUM: 40 });
    const forty = `A${'a'.repeat(39)}`;
    expect(registerSchema.safeParse({ ...validForm, firstname: forty }).success).toBe(true);
    expect(issuesOf(registerSchema.safeParse({ ...validForm, firstname: `${forty}a` }))).toEqual({
      firstname: ['error.nameTooLong'],
    });
    expect(issuesOf(registerSchema.safeParse({ ...validForm, password: 'x'.repeat(6) }))).toEqual({
      password: ['error.passwordTooShort'],
    });
    expect(registerSchema.safeParse({ ...validForm, password: 'x'.repeat(7) }).success).toBe(true);
    expect(registerSchema.safeParse({ ...validForm, password: 'x'.repeat(255) }).success).toBe(true);
    expect(issuesOf(registerSchema.safeParse({ ...validForm, password: 'x'.repeat(256) }))).toEqual({
      password: ['error.passwordTooLong'],
    });
    expect(issuesOf(registerSchema.safeParse({ ...validForm, email: `${'a'.repeat(250)}@x.test` }))).toEqual({
      email: ['error.emailTooLong'],
    });
    expect(issuesOf(registerSchema.safeParse({ ...validForm, email: 'not-an-address' }))).toEqual({
      email: ['error.emailInvalid'],
    });
    expect(issuesOf(registerFormSchema.safeParse({ ...validForm, terms: false }))).toEqual({
      terms: ['error.mustBeChecked'],
    });
  });

  it('trims names and addresses and composes accents', () => {
    const result = updateInfoSchema.parse({ firstname: '  E\u0301mile ', lastname: 'Berg' });
    expect(result.firstname).toBe('Émile');
    expect(changeEmailSchema.parse({ newEmail: ' a@example.test ', password: 'x' }).newEmail).toBe('a@example.test');
  });

  it('only requires a password that proves who you are, without today’s length rules', () => {
    expect(loginSchema.safeParse({ email: 'a@example.test', password: 'old' }).success).toBe(true);
    expect(issuesOf(loginSchema.safeParse({ email: 'a@example.test', password: '' }))).toEqual({
      password: ['error.passwordRequired'],
    });
    expect(issuesOf(changePasswordSchema.safeParse({ currentPassword: 'old', newPassword: 'short' }))).toEqual({
      newPassword: ['error.passwordTooShort'],
    });
  });

  it('asks for the word REMOVE before removing an account', () => {
    expect(removeUserFormSchema.safeParse({ password: 'x', confirm: 'REMOVE' }).success).toBe(true);
    expect(issuesOf(removeUserFormSchema.safeParse({ password: 'x', confirm: 'remove' }))).toEqual({
      confirm: ['error.removeConfirm'],
    });
  });
});

describe('messageText', () => {
  it('answers the spec texts of section 5', () => {
    expect(messageText('error.emailInvalid')).toBe('The email address is invalid.');
    expect(messageText('error.emailRequired')).toBe('Email address is required.');
    expect(messageText('error.firstnameInvalid')).toBe('First name is invalid.');
    expect(messageText('error.firstnameRequired')).toBe('First name is required.');
    expect(messageText('error.lastnameInvalid')).toBe('Last name is invalid.');
    expect(messageText('error.lastnameRequired')).toBe('Last name is required.');
    expect(messageText('error.passwordRequired')).toBe('Password is required.');
    expect(messageText('error.passwordConfirmationRequired')).toBe('Password confirmation is required.');
    expect(messageText('error.mustBeChecked')).toBe('This field must be checked.');
  });

  it('fills in the fixed parameters of a key', () => {
    expect(messageText('error.passwordTooShort')).toBe('Password must be at least 7 characters long.');
    expect(messageText('error.passwordTooLong')).toBe('Password cannot be longer than 255 characters.');
    expect(messageText('error.eventNameTooShort')).toBe('Event name must be at least 3 characters long.');
    expect(messageText('error.eventNameTooLong')).toBe('Event name must be less than 255 characters long.');
  });

  it('lets given parameters win and leaves unknown placeholders as they are', () => {
    expect(messageText('error.passwordTooShort', { min: 9 })).toBe('Password must be at least 9 characters long.');
    expect(catalogue['error.passwordTooShort'].en).toContain('{min}');
    expect(messageText('error.eventNameTooShort', { other: 1 })).toBe('Event name must be at least 3 characters long.');
  });

  it('gives the Swedish text of a key with the same parameters', () => {
    expect(messageText('error.passwordTooShort', undefined, 'sv')).toBe('Lösenordet måste vara minst 7 tecken långt.');
  });
});
