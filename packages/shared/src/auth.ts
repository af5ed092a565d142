import { z } from 'zod';
import { LIMITS, UI } from './constants.js';

/** Capitalised words: Åsa, Émile, Anna Karin, Berg-Ström, Ørjan. */
export const NAME_PATTERN = /^\p{Lu}\p{Ll}+(?: \p{Lu}\p{Ll}+)*(?:-\p{Lu}\p{Ll}+)?$/u;

/** The checks after "required" run only on a typed value: an empty field shows one message, not three. */
const whenTyped = { when: ({ value }: { value: unknown }) => typeof value === 'string' && value.length > 0 };

const requiredString = (requiredKey: string) => z.string({ error: requiredKey }).trim().min(1, { error: requiredKey });

export const emailField = requiredString('error.emailRequired')
  .max(LIMITS.EMAIL_MAXIMUM, { error: 'error.emailTooLong', ...whenTyped })
  .pipe(z.email({ error: 'error.emailInvalid' }));

const nameField = (which: 'firstname' | 'lastname') =>
  requiredString(`error.${which}Required`)
    // One spelling of Å or É whatever the keyboard sent (precomposed or letter + combining mark).
    .normalize('NFC')
    .max(LIMITS.NAME_MAXIMUM, { error: 'error.nameTooLong', ...whenTyped })
    .regex(NAME_PATTERN, { error: `error.${which}Invalid`, ...whenTyped });

export const firstnameField = nameField('firstname');
export const lastnameField = nameField('lastname');

export const passwordField = z
  .string({ error: 'error.passwordRequired' })
  .min(1, { error: 'error.passwordRequired' })
  .min(LIMITS.PASSWORD_MINIMUM, { error: 'error.passwordTooShort', ...whenTyped })
  .max(LIMITS.PASSWORD_MAXIMUM, { error: 'error.passwordTooLong', ...whenTyped });

/** A password typed to prove who you are: only required and bounded, never judged by today's rules. */
export const currentPasswordField = z
  .string({ error: 'error.passwordRequired' })
  .min(1, { error: 'error.passwordRequired' })
  .max(LIMITS.PASSWORD_MAXIMUM, { error: 'error.passwordTooLong', ...whenTyped });

export const loginSchema = z.object({ email: emailField, password: currentPasswordField });
export type LoginInput = z.infer<typeof loginSchema>;

export const registerSchema = z.object({
  email: emailField,
  firstname: firstnameField,
  lastname: lastnameField,
  password: passwordField,
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** The register form: the payload plus the confirmation and the terms box, which are never sent. */
export const registerFormSchema = registerSchema
  .extend({
    passwordConfirmation: z
      .string({ error: 'error.passwordConfirmationRequired' })
      .min(1, { error: 'error.passwordConfirmationRequired' })
      .min(LIMITS.PASSWORD_MINIMUM, { error: 'error.passwordTooShort', ...whenTyped })
      .max(LIMITS.PASSWORD_MAXIMUM, { error: 'error.passwordTooLong', ...whenTyped }),
    terms: z.boolean().refine((value) => value, { error: 'error.mustBeChecked' }),
  })
  .refine((value) => value.password === value.passwordConfirmation, {
    error: 'error.passwordsDoNotMatch',
    path: ['passwordConfirmation'],
    // Compared whenever both were typed, even while other fields still have errors.
    when: ({ value }) => {
      const { password, passwordConfirmation } = (value ?? {}) as Record<string, unknown>;
      return typeof password === 'string' && typeof passwordConfirmation === 'string' && passwordConfirmation !== '';
    },
  });
export type RegisterFormInput = z.infer<typeof registerFormSchema>;

export const updateInfoSchema = z.object({ firstname: firstnameField, lastname: lastnameField });
export const changeEmailSchema = z.object({ newEmail: emailField, password: currentPasswordField });
export const recoverPasswordSchema = z.object({ email: emailField });
export const resetPasswordSchema = z.object({
  token: z.string().min(1, { error: 'error.tokenInvalid' }).max(200, { error: 'error.tokenInvalid' }),
  newPassword: passwordField,
});
export const changePasswordSchema = z.object({
  currentPassword: currentPasswordField,
  newPassword: passwordField,
});
export const removeUserSchema = z.object({ password: currentPasswordField });
/** The token of an address-confirmation link (`/authentication/confirm-email?token=…`). */
export const confirmEmailSchema = z.object({
  token: z.string().min(1, { error: 'error.tokenInvalid' }).max(200, { error: 'error.tokenInvalid' }),
});
/** The web form for removing an account also asks for the word REMOVE. */
export const removeUserFormSchema = removeUserSchema.extend({
  confirm: z.string().refine((value) => value === UI.REMOVE_CONFIRM_WORD, { error: 'error.removeConfirm' }),
});

export const userSchema = z.object({
  id: z.number(),
  email: z.string(),
  firstname: z.string(),
  lastname: z.string(),
  avatar: z.string().nullable(),
  /** Whether the owner of `email` opened a confirmation link sent to it (decision 020). */
  emailConfirmed: z.boolean(),
  /** Only while a change of address waits for its link to be opened: the address asked for. */
  pendingEmail: z.string().optional(),
});
export type User = z.infer<typeof userSchema>;
