import { LIMITS } from '@funkis/shared';
import { z } from 'zod';

/**
 * Web-only form pieces built from the shared message keys: the "type it again" field is never sent,
 * so it has no place in the API contract.
 */
export const passwordConfirmationField = z
  .string({ error: 'error.passwordConfirmationRequired' })
  .min(1, { error: 'error.passwordConfirmationRequired' })
  .max(LIMITS.PASSWORD_MAXIMUM, { error: 'error.passwordTooLong' });
