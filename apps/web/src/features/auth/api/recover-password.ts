import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/** POST /api/recover-password: always answers the same, whether or not the address has an account. */
export const recoverPassword = (input: { email: string }) =>
  apiClient.post<{ success: true }>('/recover-password', { email: input.email });

export const recoverPasswordMutationOptions = () =>
  mutationOptions({ mutationKey: ['auth', 'recover-password'], mutationFn: recoverPassword });

export function useRecoverPassword() {
  return useMutation(recoverPasswordMutationOptions());
}
