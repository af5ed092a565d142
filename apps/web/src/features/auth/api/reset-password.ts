import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export interface ResetPasswordInput {
  token: string;
  newPassword: string;
}

/** POST /api/reset-password with the single-use token from the e-mailed link. */
export const resetPassword = ({ token, newPassword }: ResetPasswordInput) =>
  apiClient.post<{ success: true }>('/reset-password', { token, newPassword });

export const resetPasswordMutationOptions = () =>
  mutationOptions({ mutationKey: ['auth', 'reset-password'], mutationFn: resetPassword });

export function useResetPassword() {
  return useMutation(resetPasswordMutationOptions());
}
