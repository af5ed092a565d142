import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
}

/** POST /api/change-password (the confirmation field is checked in the form and never sent). */
export const changePassword = ({ currentPassword, newPassword }: ChangePasswordInput) =>
  apiClient.post<{ success: true }>('/change-password', { currentPassword, newPassword });

export const changePasswordMutationOptions = () =>
  mutationOptions({ mutationKey: ['account', 'change-password'], mutationFn: changePassword });

export function useChangePassword() {
  return useMutation(changePasswordMutationOptions());
}
