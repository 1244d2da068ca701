import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiRequest } from './api-client';
import { adoptEarlyRequests, sendEarlyRequests, startEarlyRequests, takeEarlyResponse } from './early-requests';

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A fetch that answers like the API and records "METHOD /path (bearer token)" per call. */
function fakeApi({ signedIn }: { signedIn: boolean }) {
  const calls: string[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const token = new Headers(init.headers).get('Authorization');
    calls.push(`${init.method ?? 'GET'} ${url}${token ? ` (${token})` : ''}`);
    if (url === '/api/v1/auth/refresh')
      return signedIn ? json({ access_token: 'fresh' }) : json({ detail: 'no', code: 'token_invalid' }, 401);
    return json({ url });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

describe('early requests', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });

  it('asks for my friends and suggestions beside the learner on the friends screen, for the tabs’ counts', async () => {
    const calls = fakeApi({ signedIn: true });
    const early = sendEarlyRequests('/app/friends');
    expect(Object.keys(early).sort()).toEqual([
      'GET /users/me',
      'GET /users/me/friends',
      'GET /users/me/suggestions?limit=20',
      'POST /auth/refresh',
    ]);
    await Promise.all(Object.values(early));
    expect(calls).toEqual(
      expect.arrayContaining([
        'GET /api/v1/users/me/friends (Bearer fresh)',
        'GET /api/v1/users/me/suggestions?limit=20 (Bearer fresh)',
      ]),
    );
    // The screen's own calls take them: the same paths the friends API asks for.
    adoptEarlyRequests(early);
    const FriendsShape = z.object({ url: z.string() });
    expect(await apiRequest('/users/me/friends', { schema: FriendsShape })).toEqual({ url: '/api/v1/users/me/friends' });
    expect(await apiRequest('/users/me/suggestions?limit=20', { schema: FriendsShape })).toEqual({
      url: '/api/v1/users/me/suggestions?limit=20',
    });
    expect(calls.filter((call) => call.includes('/friends'))).toHaveLength(1);
  });

  it('restores the session of a dashboard opened directly, then asks for the learner and the dashboard with the new token', async () => {
    const calls = fakeApi({ signedIn: true });
    const early = sendEarlyRequests('/app');
    expect(Object.keys(early).sort()).toEqual(['GET /dashboard', 'GET /users/me', 'POST /auth/refresh']);
    expect(await (await early['GET /dashboard'])?.json()).toEqual({ url: '/api/v1/dashboard' });
    await early['GET /users/me'];
    expect(calls).toEqual([
      'POST /api/v1/auth/refresh',
      'GET /api/v1/users/me (Bearer fresh)',
      'GET /api/v1/dashboard (Bearer fresh)',
    ]);
  });

  it('sends only GETs after the refresh, and none of them without a session', async () => {
    const calls = fakeApi({ signedIn: false });
    const early = sendEarlyRequests('/app/lesson/greetings-1');
    // A lesson is started by its screen, never early: starting has an effect.
    expect(Object.keys(early).sort()).toEqual(['GET /users/me', 'POST /auth/refresh']);
    expect(await early['GET /users/me']).toBeNull();
    expect(calls).toEqual(['POST /api/v1/auth/refresh']);
  });

  it('sends nothing for a public page', () => {
    const calls = fakeApi({ signedIn: true });
    for (const path of ['/', '/login', '/privacy', '/application']) expect(sendEarlyRequests(path)).toEqual({});
    expect(calls).toEqual([]);
  });

  it('hands each answer out once, to the same method and route', async () => {
    adoptEarlyRequests({ 'GET /users/me': Promise.resolve(json({ id: 1 })) });
    expect(takeEarlyResponse('POST', '/users/me')).toBeUndefined();
    expect(await (await takeEarlyResponse('GET', '/users/me'))?.json()).toEqual({ id: 1 });
    expect(takeEarlyResponse('GET', '/users/me')).toBeUndefined();
  });

  it('drops them after a navigation: they belong to the page that was opened', () => {
    window.history.replaceState(null, '', '/app');
    adoptEarlyRequests({ 'GET /dashboard': Promise.resolve(json({})) });
    window.history.pushState({ key: 'next' }, '', '/setup');
    window.history.pushState({ key: 'again' }, '', '/app');
    expect(takeEarlyResponse('GET', '/dashboard')).toBeUndefined();
  });

  it('is the API client’s first attempt, validated like any answer', async () => {
    const fetchMock = vi.fn(async () => json({ ok: false }));
    vi.stubGlobal('fetch', fetchMock);
    adoptEarlyRequests({ 'GET /x': Promise.resolve(json({ ok: true })), 'GET /y': Promise.resolve(null) });
    await expect(apiRequest('/x', { schema: z.object({ ok: z.boolean() }) })).resolves.toEqual({ ok: true });
    expect(fetchMock).not.toHaveBeenCalled();
    // A call that turned out not to be needed (null) is sent as usual.
    await expect(apiRequest('/y', { schema: z.object({ ok: z.boolean() }) })).resolves.toEqual({ ok: false });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('starts on the page the app was opened on', async () => {
    const calls = fakeApi({ signedIn: true });
    window.history.replaceState(null, '', '/setup');
    startEarlyRequests();
    expect(await (await takeEarlyResponse('GET', '/users/me'))?.json()).toEqual({ url: '/api/v1/users/me' });
    expect(calls).toEqual(['POST /api/v1/auth/refresh', 'GET /api/v1/users/me (Bearer fresh)']);
  });
});
