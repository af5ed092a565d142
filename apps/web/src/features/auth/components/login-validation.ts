import { type LoginInput, loginSchema } from '@funkis/shared';

export type LoginField = keyof LoginInput;

/**
 * The login form's validation, in a chunk of its own (zod and the shared schema): the form paints without it and
 * fetches it once it is on screen. Returns each invalid field's first message key (a catalogue key).
 */
export function validateLogin(values: LoginInput): Partial<Record<LoginField, string>> {
  const result = loginSchema.safeParse(values);
  const errors: Partial<Record<LoginField, string>> = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'password') && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}
