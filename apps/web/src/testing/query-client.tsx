import type { GetMeResponse } from '@parla/shared/users.schema';
import { type DefaultOptions, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { AuthContext, type AuthContextValue } from '@/lib/auth/auth-context';
import { getMeQueryOptions } from '@/lib/auth/get-me';

/**
 * A query client that never retries, so a failed request shows at once; with `me`, the signed-in
 * learner is already in it, as the AuthProvider leaves it once a session is open.
 */
export function createTestQueryClient({ me, queries }: { me?: GetMeResponse; queries?: DefaultOptions['queries'] } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, ...queries }, mutations: { retry: false } } });
  if (me) queryClient.setQueryData(getMeQueryOptions().queryKey, me);
  return queryClient;
}

/** The learner in the cache, as the screens see it (after a mutation updated it, for example). */
export const cachedMe = (queryClient: QueryClient) => queryClient.getQueryData(getMeQueryOptions().queryKey);

const notInTests = () => Promise.reject(new Error('Not available in a test session'));

/** An open session, as the AuthProvider holds it once the learner has loaded. */
const OPEN_SESSION: AuthContextValue = {
  isAuthenticated: true,
  isLoading: false,
  token: 'token',
  error: null,
  login: notInTests,
  register: notInTests,
  resume: notInTests,
  logout: notInTests,
};

/**
 * A signed-in learner without the sign-in, for screens that only need someone signed in: an open
 * session over a query client made with `createTestQueryClient({ me })`.
 */
export function SignedIn({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AuthContext.Provider value={OPEN_SESSION}>{children}</AuthContext.Provider>
    </QueryClientProvider>
  );
}
