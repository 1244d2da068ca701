import type { AuthResponse, LoginBody, RegisterBody } from '@parla/shared/auth.schema';
import { createContext, useContext } from 'react';

/**
 * Spec §4 "Auth service state", without any mock: the server decides who is signed in. Only the
 * session lives here; the learner it belongs to is server data, read with useMe (get-me.ts).
 */
export interface AuthState {
  isAuthenticated: boolean;
  /** True until the start-up check (refresh cookie → /users/me) has finished, and while signing in. */
  isLoading: boolean;
  token: string | null;
  error: string | null;
}

export interface AuthContextValue extends AuthState {
  login(body: LoginBody): Promise<AuthResponse>;
  register(body: RegisterBody): Promise<AuthResponse>;
  /** Restores a session from the refresh cookie (after a social sign-in, for example). */
  resume(): Promise<boolean>;
  logout(): Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}
