import type { User } from '@funkis/shared';
import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateAccountChange } from '../../../api/invalidate';
import { apiClient } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';

/** POST /api/user/avatar as multipart, the image in field `file` → the user with the new avatar URL. */
export const uploadAvatar = (file: File) => {
  const body = new FormData();
  body.append('file', file);
  return apiClient.post<{ success: true; user: User }>('/user/avatar', body);
};

export const uploadAvatarMutationOptions = () =>
  mutationOptions({ mutationKey: ['account', 'upload-avatar'], mutationFn: uploadAvatar });

export function useUploadAvatar() {
  const { updateUser } = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    ...uploadAvatarMutationOptions(),
    onSuccess: ({ user }) => {
      updateUser(user);
      return invalidateAccountChange(queryClient);
    },
  });
}
