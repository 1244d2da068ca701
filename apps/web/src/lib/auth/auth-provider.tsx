import type { LoginBody, RegisterBody } from '@parla/shared/auth.schema';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { AUTH_ERROR_EVENT, connectSession } from '../api-client';
import { AuthContext, type AuthContextValue, type AuthState } from './auth-context';
import { getMeQueryOptions } from './get-me';
import { FollowProfileLanguage } from './interface-language';
import { learnerKeys } from './learner-keys';
import { FollowProfileTheme } from './profile-theme';
import * as api from './session-api';
import { rememberSignedIn } from './signed-in-hint';

const SIGNED_OUT: AuthState = { isAuthenticated: false, isLoading: false, token: null, error: null };

/**
 * Holds the session. The access token lives only in memory; the refresh token is an httpOnly
 * cookie, so a reload restores the session through /auth/refresh without any token in storage.
 * A session counts as open once its learner (GET /users/me) is in the query cache, where useMe
 * reads it; the learner's data leaves the cache with the session.
 */
export function AuthProvider({ children, onSessionLost }: { children: ReactNode; onSessionLost?: () => void }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<AuthState>({ ...SIGNED_OUT, isLoading: true });
  const tokenRef = useRef<string | null>(null);
  const refreshing = useRef<Promise<string | null> | null>(null);

  const setToken = (token: string | null) => {
    tokenRef.current = token;
  };

  const endSession = useCallback(() => {
    setToken(null);
    setState(SIGNED_OUT);
    rememberSignedIn(false);
    queryClient.removeQueries({ queryKey: learnerKeys.all });
  }, [queryClient]);

  // One attempt (the API client retries a lost connection once): a session that cannot load its
  // learner is not open.
  const loadLearner = useCallback(
    () => queryClient.fetchQuery({ ...getMeQueryOptions(), staleTime: 0, retry: false }),
    [queryClient],
  );

  // Concurrent 401s share one refresh: a second rotation would look like token theft.
  const refresh = useCallback(async (): Promise<string | null> => {
    refreshing.current ??= api
      .refreshSession()
      .then((auth) => {
        setToken(auth.access_token);
        setState((current) => ({ ...current, token: auth.access_token }));
        return auth.access_token;
      })
      .catch(() => null)
      .finally(() => {
        refreshing.current = null;
      });
    return refreshing.current;
  }, []);

  const resume = useCallback(async (): Promise<boolean> => {
    const token = await refresh();
    if (!token) {
      endSession();
      return false;
    }
    try {
      await loadLearner();
      setState({ isAuthenticated: true, isLoading: false, token, error: null });
      rememberSignedIn(true);
      return true;
    } catch {
      endSession();
      return false;
    }
  }, [refresh, loadLearner, endSession]);

  useEffect(() => {
    connectSession({ accessToken: () => tokenRef.current, refresh });
    void resume();
    return () => connectSession(null);
  }, [refresh, resume]);

  // Spec §4/§8: a 401 from any call ends the session everywhere.
  useEffect(() => {
    const onAuthError = () => {
      endSession();
      onSessionLost?.();
    };
    window.addEventListener(AUTH_ERROR_EVENT, onAuthError);
    return () => window.removeEventListener(AUTH_ERROR_EVENT, onAuthError);
  }, [onSessionLost, endSession]);

  const signIn = useCallback(
    async (call: () => ReturnType<typeof api.login>) => {
      setState((current) => ({ ...current, isLoading: true, error: null }));
      try {
        const auth = await call();
        setToken(auth.access_token);
        // Whoever was signed in before, this may be another learner.
        queryClient.removeQueries({ queryKey: learnerKeys.all });
        await loadLearner();
        setState({ isAuthenticated: true, isLoading: false, token: auth.access_token, error: null });
        rememberSignedIn(true);
        return auth;
      } catch (error) {
        setState((current) => ({ ...current, isLoading: false, error: error instanceof Error ? error.message : String(error) }));
        throw error;
      }
    },
    [queryClient, loadLearner],
  );

  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      login: (body: LoginBody) => signIn(() => api.login(body)),
      register: (body: RegisterBody) => signIn(() => api.register(body)),
      resume,
      async logout() {
        // Spec §4: tell the server, ignore a failure, forget everything locally.
        await api.logout().catch(() => undefined);
        endSession();
      },
    }),
    [state, signIn, resume, endSession],
  );

  return (
    <AuthContext.Provider value={value}>
      <FollowProfileLanguage />
      <FollowProfileTheme />
      {children}
    </AuthContext.Provider>
  );
}
