import type { FastifyBaseLogger } from 'fastify';
import type { ServerContext } from '../../lib/context.js';
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
export function accountService(context: ServerContext, log: FastifyBaseLogger) {
  const shared = accountContext(context, log);
  return {
    settle: shared.settle,
    ...sessionOperations(shared),
    ...registrationOperations(shared),
    ...emailOperations(shared),
    ...profileOperations(shared),
    ...passwordOperations(shared),
    ...removalOperations(shared),
  };
}

export type AccountService = ReturnType<typeof accountService>;
