import { GetMeResponseSchema, type UserProfile } from '@parla/shared/users.schema';
import { type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { useAuth } from './auth-context';
import { learnerKeys } from './learner-keys';

/**
 * The signed-in learner: account and profile (GET /users/me). When the page was opened on a screen
 * behind an account, public/boot.js has already sent this call; the API client hands its answer to
 * the first fetch (lib/early-requests.ts).
 */
export const getMe = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiRequest('/users/me', { schema: GetMeResponseSchema, ...(signal ? { signal } : {}) });

export const getMeQueryOptions = () => queryOptions({ queryKey: learnerKeys.me, queryFn: ({ signal }) => getMe({ signal }) });

/** The learner, once a session is open (the session provider loads it before it says so). */
export function useMe() {
  const { isAuthenticated } = useAuth();
  return useQuery({ ...getMeQueryOptions(), enabled: isAuthenticated });
}

/** Puts the server's newer profile, or the part of it an answer carries, into the cached learner. */
export function setCachedProfile(queryClient: QueryClient, profile: Partial<UserProfile>): void {
  queryClient.setQueryData(getMeQueryOptions().queryKey, (me) => (me ? { ...me, profile: { ...me.profile, ...profile } } : me));
}
