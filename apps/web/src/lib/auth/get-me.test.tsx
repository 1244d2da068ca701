import { type QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testProfile, testUser } from '@/testing/fixtures';
import { createTestQueryClient } from '@/testing/query-client';
import { AUTH_ERROR_EVENT } from '../api-client';
import { adoptEarlyRequests } from '../early-requests';
import { useAuth } from './auth-context';
import { AuthProvider } from './auth-provider';
import { setCachedProfile, useMe } from './get-me';
import { learnerKeys } from './learner-keys';
import { wasSignedIn } from './signed-in-hint';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const ana = { user: testUser, profile: testProfile({ total_xp: 100 }) };
const ben = {
  user: { ...testUser, id: '9a1c2a7e-3b1d-4c55-9a3e-2b8f6d0e1a22', email: 'ben@example.com', full_name: 'Ben Okafor' },
  profile: testProfile({ total_xp: 7 }),
};
const PROGRESS_KEY = [...learnerKeys.progress, 'numbers'];

/** The account API: a refresh cookie for Ana; signing in as anyone answers with Ben. */
function fakeServer() {
  let signedIn = ana;
  const calls: string[] = [];
  const handler = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    calls.push(`${init?.method ?? 'GET'} ${url}`);
    const auth = (me: typeof ana) => ({
      access_token: me.user.id,
      token_type: 'bearer',
      expires_in: 900,
      refresh_token: 'r',
      user: me.user,
    });
    if (url.endsWith('/auth/refresh')) return json(200, auth(ana));
    if (url.endsWith('/auth/login')) {
      signedIn = ben;
      return json(200, auth(ben));
    }
    if (url.endsWith('/auth/logout')) return json(200, { status: 'ok' });
    if (url.endsWith('/users/me')) return json(200, signedIn);
    if (url.endsWith('/numbers')) return json(200, { xp: signedIn.profile.total_xp });
    return json(404, { detail: 'not here', code: 'not_found' });
  });
  return { handler, calls };
}

/** What a signed-in screen shows: the learner from useMe and a progress query under the learner's keys. */
function Learner() {
  const { isLoading, isAuthenticated, login, logout } = useAuth();
  const me = useMe();
  const numbers = useQuery({
    queryKey: PROGRESS_KEY,
    queryFn: async () => (await fetch('/api/v1/numbers')).json() as Promise<{ xp: number }>,
    enabled: isAuthenticated,
  });
  if (isLoading) return <p>Loading</p>;
  return (
    <>
      <p>{isAuthenticated ? `Signed in: ${me.data?.user.full_name}, ${me.data?.profile.total_xp} XP` : 'Signed out'}</p>
      {numbers.data ? <p>Progress: {numbers.data.xp} XP</p> : null}
      <button type="button" onClick={() => void logout()}>
        Log out
      </button>
      <button type="button" onClick={() => void login({ username: 'ben@example.com', password: 'x' }).catch(() => undefined)}>
        Sign in
      </button>
    </>
  );
}

/** The learner's data in the cache (a query without data may stay behind for its observers). */
const cachedLearnerData = (queryClient: QueryClient) =>
  queryClient
    .getQueryCache()
    .findAll({ queryKey: learnerKeys.all })
    .map((query) => query.state.data)
    .filter((data) => data !== undefined);

function renderLearner() {
  // The app's freshness (10 minutes): a screen that mounts reads the cache, not the server.
  const queryClient = createTestQueryClient({ queries: { staleTime: 10 * 60_000 } });
  render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <Learner />
      </AuthProvider>
    </QueryClientProvider>,
  );
  return queryClient;
}

describe('useMe and the session', () => {
  let server: ReturnType<typeof fakeServer>;
  beforeEach(() => {
    server = fakeServer();
    vi.stubGlobal('fetch', server.handler);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('opens a restored session with the learner from /users/me, adopting the call sent early', async () => {
    adoptEarlyRequests({ 'GET /users/me': Promise.resolve(json(200, ana)) });
    renderLearner();
    expect(await screen.findByText('Signed in: Ana García, 100 XP')).toBeInTheDocument();
    expect(server.calls).toEqual(['POST /api/v1/auth/refresh', 'GET /api/v1/numbers']);
  });

  it('shows a mutation’s new numbers at once and refetches the learner’s progress by its key', async () => {
    const queryClient = renderLearner();
    expect(await screen.findByText('Progress: 100 XP')).toBeInTheDocument();
    act(() => setCachedProfile(queryClient, { total_xp: 150 }));
    expect(await screen.findByText('Signed in: Ana García, 150 XP')).toBeInTheDocument();

    server.calls.length = 0;
    await act(() => queryClient.invalidateQueries({ queryKey: learnerKeys.progress }));
    expect(server.calls).toEqual(['GET /api/v1/numbers']);
  });

  it('drops the learner’s data with the session: the next learner never sees it', async () => {
    const user = userEvent.setup();
    const queryClient = renderLearner();
    expect(await screen.findByText('Progress: 100 XP')).toBeInTheDocument();
    // The landing's cheap "signed in" hint follows the session.
    expect(wasSignedIn()).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('Signed out')).toBeInTheDocument();
    expect(wasSignedIn()).toBe(false);
    expect(screen.queryByText(/Progress/)).not.toBeInTheDocument();
    expect(cachedLearnerData(queryClient)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Signed in: Ben Okafor, 7 XP')).toBeInTheDocument();
    expect(wasSignedIn()).toBe(true);
    expect(await screen.findByText('Progress: 7 XP')).toBeInTheDocument();
  });

  it('ends the session on a 401 anywhere, and the learner with it', async () => {
    const queryClient = renderLearner();
    expect(await screen.findByText('Signed in: Ana García, 100 XP')).toBeInTheDocument();
    act(() => {
      window.dispatchEvent(new CustomEvent(AUTH_ERROR_EVENT));
    });
    expect(await screen.findByText('Signed out')).toBeInTheDocument();
    expect(wasSignedIn()).toBe(false);
    expect(cachedLearnerData(queryClient)).toEqual([]);
  });
});
