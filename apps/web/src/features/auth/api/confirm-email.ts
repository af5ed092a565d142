import type { User } from '@funkis/shared';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** POST /api/confirm-email with the token of the mailed link (no session needed) → the confirmed user. */
export const confirmEmail = (token: string) =>
  apiClient.post<{ success: true; user: User }>('/confirm-email', { token });

export const confirmEmailMutationOptions = () =>
  mutationOptions({ mutationKey: ['auth', 'confirm-email'], mutationFn: confirmEmail });

export function useConfirmEmail() {
  return useMutation(confirmEmailMutationOptions());
}
