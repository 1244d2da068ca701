import type { LoginBody, RegisterBody } from '@parla/shared/auth.schema';
import type { UserProfile } from '@parla/shared/users.schema';
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { AUTH_ERROR_EVENT, connectSession } from '../api-client';
import { AuthContext, type AuthContextValue, type AuthState } from './auth-context';
import * as api from './session-api';

const SIGNED_OUT: AuthState = { isAuthenticated: false, isLoading: false, user: null, profile: null, token: null, error: null };

/**
 * Holds the session. The access token lives only in memory; the refresh token is an httpOnly
 * cookie, so a reload restores the session through /auth/refresh without any token in storage.
 */
export function AuthProvider({ children, onSessionLost }: { children: ReactNode; onSessionLost?: () => void }) {
  const [state, setState] = useState<AuthState>({ ...SIGNED_OUT, isLoading: true });
  const tokenRef = useRef<string | null>(null);
  const refreshing = useRef<Promise<string | null> | null>(null);

  const setToken = (token: string | null) => {
    tokenRef.current = token;
  };

  // Concurrent 401s share one refresh: a second rotation would look like token theft.
  const refresh = useCallback(async (): Promise<string | null> => {
    refreshing.current ??= api
      .refreshSession()
      .then((auth) => {
        setToken(auth.access_token);
        setState((current) => ({ ...current, token: auth.access_token, user: auth.user }));
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
      setToken(null);
      setState(SIGNED_OUT);
      return false;
    }
    try {
      const me = await api.getMe();
      setState({ isAuthenticated: true, isLoading: false, user: me.user, profile: me.profile, token, error: null });
      return true;
    } catch {
      setToken(null);
      setState(SIGNED_OUT);
      return false;
    }
  }, [refresh]);

  useEffect(() => {
    connectSession({ accessToken: () => tokenRef.current, refresh });
    void resume();
    return () => connectSession(null);
  }, [refresh, resume]);

  // Spec §4/§8: a 401 from any call ends the session everywhere.
  useEffect(() => {
    const onAuthError = () => {
      setToken(null);
      setState(SIGNED_OUT);
      onSessionLost?.();
    };
    window.addEventListener(AUTH_ERROR_EVENT, onAuthError);
    return () => window.removeEventListener(AUTH_ERROR_EVENT, onAuthError);
  }, [onSessionLost]);

  const signIn = useCallback(async (call: () => ReturnType<typeof api.login>) => {
    setState((current) => ({ ...current, isLoading: true, error: null }));
    try {
      const auth = await call();
      setToken(auth.access_token);
      const me = await api.getMe();
      setState({
        isAuthenticated: true,
        isLoading: false,
        user: me.user,
        profile: me.profile,
        token: auth.access_token,
        error: null,
      });
      return auth;
    } catch (error) {
      setState((current) => ({ ...current, isLoading: false, error: error instanceof Error ? error.message : String(error) }));
      throw error;
    }
  }, []);

  const value = useMemo<AuthContextValue>(
    () => ({
      ...state,
      login: (body: LoginBody) => signIn(() => api.login(body)),
      register: (body: RegisterBody) => signIn(() => api.register(body)),
      resume,
      async logout() {
        // Spec §4: tell the server, ignore a failure, forget everything locally.
        await api.logout().catch(() => undefined);
        setToken(null);
        setState(SIGNED_OUT);
      },
      setProfile: (profile: UserProfile) => setState((current) => ({ ...current, profile })),
    }),
    [state, signIn, resume],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
