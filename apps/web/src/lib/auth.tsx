import type { User } from '@funkis/shared';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { apiClient, clearCsrfToken, getCsrfToken, isApiError, isUnreachableError, onUnauthorized } from './api-client';
import { forgetOfflineData, rememberedUser, rememberUser } from './offline-user';

/** While the server cannot be reached at start-up, the session check is tried again this often. */
const START_UP_RETRY_MS = 3_000;

/**
 * The session as the web app sees it (spec section 4): uninitialised until the start-up check is done, then
 * authenticated with a user or not. The calls that only this state needs (current user, logout) live here;
 * the forms that start a session (login, register) are in features/auth and call `signIn`.
 */

export interface AuthState {
  isInitialised: boolean;
  isAuthenticated: boolean;
  user: User | null;
  /** True after an explicit logout or account removal: the login gate then forgets the page the user was on. */
  hasSignedOut: boolean;
}

export interface AuthContextValue extends AuthState {
  /** After login or register: the API client has already stored the new CSRF token. */
  signIn: (user: User) => void;
  /** After a call that returns the changed user (profile, avatar, e-mail). */
  updateUser: (user: User) => void;
  /** After logout or account removal: forget the token, the user and every cached query. */
  signOut: () => void;
  /** GET /api/logout, then signOut. Rejects (and keeps the session) when the server cannot log out. */
  logout: () => Promise<void>;
}

export const getMe = (signal?: AbortSignal) => apiClient.get<{ user: User }>('/me', { signal });
export const logoutRequest = () => apiClient.get<{ success: boolean }>('/logout');

const AuthContext = createContext<AuthContextValue | null>(null);

const UNINITIALISED: AuthState = { isInitialised: false, isAuthenticated: false, user: null, hasSignedOut: false };
const signedOutState = (hasSignedOut: boolean): AuthState => ({
  isInitialised: true,
  isAuthenticated: false,
  user: null,
  hasSignedOut,
});

interface AuthProviderProps {
  children: ReactNode;
  /** Tests: start initialised with this user (or none) instead of asking the server. */
  initialUser?: User | null;
}

export function AuthProvider({ children, initialUser }: AuthProviderProps) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<AuthState>(() => {
    // Without a stored CSRF token there is no session to ask about: the app starts signed out at once, so its
    // first render is the page itself (in the start's transition, main.tsx) and not a spinner followed by an
    // effect's update that React renders in one piece (decision 029).
    if (initialUser === undefined) return getCsrfToken() ? UNINITIALISED : signedOutState(false);
    return initialUser
      ? { isInitialised: true, isAuthenticated: true, user: initialUser, hasSignedOut: false }
      : signedOutState(false);
  });

  // Start-up check: a stored CSRF token means there may be a session; the current-user call settles it.
  useEffect(() => {
    if (initialUser !== undefined || !getCsrfToken()) return;
    const controller = new AbortController();
    let retry: ReturnType<typeof setTimeout> | undefined;
    const check = () =>
      getMe(controller.signal).then(
        ({ user }) => setState({ isInitialised: true, isAuthenticated: true, user, hasSignedOut: false }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          // The server is away (the banner says so): the session may well be fine, so ask again later. Without
          // signal the app opens for the person last signed in here, with what was kept (lib/offline-data.ts).
          if (isUnreachableError(error)) {
            const remembered = rememberedUser();
            if (remembered) {
              setState((current) =>
                current.isInitialised
                  ? current
                  : { isInitialised: true, isAuthenticated: true, user: remembered, hasSignedOut: false },
              );
            }
            retry = setTimeout(check, START_UP_RETRY_MS);
            return;
          }
          if (isApiError(error) && error.status === 401) {
            // The session ended while the app was closed: what was kept for its person goes too.
            clearCsrfToken();
            forgetOfflineData();
            queryClient.clear();
          }
          setState(signedOutState(false));
        },
      );
    void check();
    return () => {
      controller.abort();
      clearTimeout(retry);
    };
  }, [initialUser, queryClient]);

  // A 401 from any other call: the session has ended on the server; the login gate takes over.
  useEffect(
    () =>
      onUnauthorized(() => {
        clearCsrfToken();
        forgetOfflineData();
        setState((current) => (current.isAuthenticated ? signedOutState(false) : current));
        queryClient.clear();
      }),
    [queryClient],
  );

  const signIn = useCallback(
    (user: User) => {
      // Somebody else than the person whose answers were kept on this device: none of them is shown.
      if (rememberedUser()?.id !== user.id) {
        forgetOfflineData();
        queryClient.clear();
      }
      setState({ isInitialised: true, isAuthenticated: true, user, hasSignedOut: false });
    },
    [queryClient],
  );

  const updateUser = useCallback((user: User) => {
    setState((current) => (current.isAuthenticated ? { ...current, user } : current));
  }, []);

  const signOut = useCallback(() => {
    clearCsrfToken();
    forgetOfflineData();
    setState(signedOutState(true));
    queryClient.clear();
  }, [queryClient]);

  const logout = useCallback(async () => {
    try {
      await logoutRequest();
    } catch (error) {
      // 401: the session had already ended, which is what the user asked for.
      if (!(isApiError(error) && error.status === 401)) throw error;
    }
    signOut();
  }, [signOut]);

  // Remembered for opening the app without signal (tests that start with a given user keep nothing).
  useEffect(() => {
    if (state.user && initialUser === undefined) rememberUser(state.user);
  }, [state.user, initialUser]);

  const value = useMemo<AuthContextValue>(
    () => ({ ...state, signIn, updateUser, signOut, logout }),
    [state, signIn, updateUser, signOut, logout],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside AuthProvider');
  return value;
}
