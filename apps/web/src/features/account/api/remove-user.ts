import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';

/**
 * POST /api/remove-user with the password; the typed word REMOVE is checked in the form only.
 * The caller ends the session (auth `signOut`) once it has told the user.
 */
export const removeUser = (input: { password: string }) =>
  apiClient.post<{ success: true }>('/remove-user', { password: input.password });

export const removeUserMutationOptions = () =>
  mutationOptions({ mutationKey: ['account', 'remove-user'], mutationFn: removeUser });

export function useRemoveUser() {
  return useMutation(removeUserMutationOptions());
}
