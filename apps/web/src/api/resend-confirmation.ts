import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiClient } from '../lib/api-client';

/**
 * POST /api/resend-confirmation: the confirmation link again, for the waiting change of address if there is one,
 * else for the unconfirmed address (decision 020). Shared: the layout's notice and the account screen send it.
 */
export const resendConfirmation = () => apiClient.post<{ success: true }>('/resend-confirmation', {});

export const resendConfirmationMutationOptions = () =>
  mutationOptions({ mutationKey: ['account', 'resend-confirmation'], mutationFn: resendConfirmation });

export function useResendConfirmation() {
  return useMutation(resendConfirmationMutationOptions());
}
