import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiRequest } from './api-client';
import { adoptEarlyRequests, takeEarlyResponse } from './early-requests';

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

describe('early requests', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    window.history.replaceState(null, '', '/');
  });

  it('hands each answer out once, to the same method and route', async () => {
    window.parlaEarlyRequests = { 'GET /users/me': Promise.resolve(json({ id: 1 })) };
    adoptEarlyRequests();
    expect(window.parlaEarlyRequests).toBeUndefined();
    expect(takeEarlyResponse('POST', '/users/me')).toBeUndefined();
    expect(await (await takeEarlyResponse('GET', '/users/me'))?.json()).toEqual({ id: 1 });
    expect(takeEarlyResponse('GET', '/users/me')).toBeUndefined();
  });

  it('drops them after a navigation: they belong to the page that was opened', () => {
    window.history.replaceState(null, '', '/app');
    window.parlaEarlyRequests = { 'GET /dashboard': Promise.resolve(json({})) };
    adoptEarlyRequests();
    window.history.pushState({ key: 'next' }, '', '/setup');
    window.history.pushState({ key: 'again' }, '', '/app');
    expect(takeEarlyResponse('GET', '/dashboard')).toBeUndefined();
  });

  it('is the API client’s first attempt, validated like any answer', async () => {
    const fetchMock = vi.fn(async () => json({ ok: false }));
    vi.stubGlobal('fetch', fetchMock);
    window.parlaEarlyRequests = { 'GET /x': Promise.resolve(json({ ok: true })), 'GET /y': Promise.resolve(null) };
    adoptEarlyRequests();
    await expect(apiRequest('/x', { schema: z.object({ ok: z.boolean() }) })).resolves.toEqual({ ok: true });
    expect(fetchMock).not.toHaveBeenCalled();
    // A call boot.js turned out not to need (null) is sent as usual.
    await expect(apiRequest('/y', { schema: z.object({ ok: z.boolean() }) })).resolves.toEqual({ ok: false });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
