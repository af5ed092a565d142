import type { RegisterInput, User } from '@funkis/shared';
import { mutationOptions, useMutation } from '@tanstack/react-query';
import { apiClient } from '../../../lib/api-client';
import { useAuth } from '../../../lib/auth';

export interface RegisterResponse {
  success: true;
  user: User;
  _csrf: string;
}

/** POST /api/register with exactly the payload of spec section 3 (no confirmation, no terms box); logs in. */
export const register = ({ email, firstname, lastname, password }: RegisterInput) =>
  apiClient.post<RegisterResponse>('/register', { email, firstname, lastname, password });

export const registerMutationOptions = () =>
  mutationOptions({ mutationKey: ['auth', 'register'], mutationFn: register });

export function useRegister() {
  const { signIn } = useAuth();
  return useMutation({ ...registerMutationOptions(), onSuccess: ({ user }) => signIn(user) });
}
