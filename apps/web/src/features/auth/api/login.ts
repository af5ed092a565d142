import type { LoginInput, User } from '@funkis/shared';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';

export interface LoginResponse {
  success: true;
  user: User;
  _csrf: string;
}

/** POST /api/login; the API client stores the returned CSRF token. */
export const login = (input: LoginInput) => apiClient.post<LoginResponse>('/login', input);

export const loginMutationOptions = () => mutationOptions({ mutationKey: ['auth', 'login'], mutationFn: login });

export function useLogin() {
  const { signIn } = useAuth();
  return useMutation({ ...loginMutationOptions(), onSuccess: ({ user }) => signIn(user) });
}
