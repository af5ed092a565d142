import type { User } from '@funkis/shared';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateAccountChange } from '../../../api/invalidate';
import { apiClient } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';

export interface ChangeEmailInput {
  newEmail: string;
  password: string;
}

/** POST /api/change-email → the user with the new address. */
export const changeEmail = ({ newEmail, password }: ChangeEmailInput) =>
  apiClient.post<{ success: true; user: User }>('/change-email', { newEmail, password });

export const changeEmailMutationOptions = () =>
  mutationOptions({ mutationKey: ['account', 'change-email'], mutationFn: changeEmail });

export function useChangeEmail() {
  const { updateUser } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    ...changeEmailMutationOptions(),
    onSuccess: ({ user }) => {
      updateUser(user);
      return invalidateAccountChange(queryClient);
    },
  });
}
