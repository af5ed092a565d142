import type { User } from '@funkis/shared';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateAccountChange } from '../../../api/invalidate';
import { apiClient } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';

export interface UpdateInfoInput {
  firstname: string;
  lastname: string;
}

/** POST /api/user/update-info → the changed user. */
export const updateInfo = ({ firstname, lastname }: UpdateInfoInput) =>
  apiClient.post<{ success: true; user: User }>('/user/update-info', { firstname, lastname });

export const updateInfoMutationOptions = () =>
  mutationOptions({ mutationKey: ['account', 'update-info'], mutationFn: updateInfo });

export function useUpdateInfo() {
  const { updateUser } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    ...updateInfoMutationOptions(),
    onSuccess: ({ user }) => {
      updateUser(user);
      return invalidateAccountChange(queryClient);
    },
  });
}
