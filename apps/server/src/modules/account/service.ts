import type { FastifyInstance } from 'fastify';
import { emailOperations } from './email-operations.js';
import { accountContext } from './operations-context.js';
import { passwordOperations } from './password-operations.js';
import { profileOperations } from './profile-operations.js';
import { registrationOperations } from './registration-operations.js';
import { removalOperations } from './removal-operations.js';
import { sessionOperations } from './session-operations.js';

export { CONFIRMATION_TOKEN_VALID_MS } from './operations-context.js';
export { RESET_TOKEN_VALID_MS } from './password-operations.js';
export { createAccount } from './registration-operations.js';
export { toUser } from './repository.js';

/**
 * Everything a person does with their own account; routes.ts only validates, guards and answers. `settle` waits for
 * the work left to run after an answer (the recovery mail); the routes call it when the app closes.
 */
export function accountService(app: FastifyInstance) {
  const context = accountContext(app);
  return {
    settle: context.settle,
    ...sessionOperations(context),
    ...registrationOperations(context),
    ...emailOperations(context),
    ...profileOperations(context),
    ...passwordOperations(context),
    ...removalOperations(context),
  };
}

export type AccountService = ReturnType<typeof accountService>;
