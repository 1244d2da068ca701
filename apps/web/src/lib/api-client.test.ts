import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, AUTH_ERROR_EVENT, apiRequest } from './api-client';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

describe('apiRequest', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('turns the server error body into message, status, code and details', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(400, {
          detail: 'The request is not valid.',
          code: 'validation_error',
          errors: [{ path: 'body.email', message: 'Invalid email' }],
        }),
      ),
    );
    const error = await apiRequest('/x', { method: 'POST', body: { email: 'no' }, schema: z.object({}) }).catch(
      (caught) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: 'The request is not valid.',
      status: 400,
      code: 'validation_error',
      details: [{ path: 'body.email', message: 'Invalid email' }],
    });
  });

  it('asks again, with the same request id, while the server is still handling the first attempt', async () => {
    vi.useFakeTimers();
    const replies = [
      json(409, { detail: 'Still being handled.', code: 'request_in_progress' }),
      json(409, { detail: 'Still being handled.', code: 'request_in_progress' }),
      json(200, { ok: true }),
    ];
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => replies.shift() ?? json(500, {}));
    vi.stubGlobal('fetch', fetchMock);
    const result = apiRequest('/x', { method: 'POST', body: {}, requestId: 'same-id', schema: z.object({ ok: z.boolean() }) });
    await vi.runAllTimersAsync();
    await expect(result).resolves.toEqual({ ok: true });
    expect(fetchMock).toHaveBeenCalledTimes(3);
    const ids = fetchMock.mock.calls.map(([, init]) => (init.headers as Record<string, string>)['X-Request-Id']);
    expect(ids).toEqual(['same-id', 'same-id', 'same-id']);
  });

  it('does not ask again on any other conflict', async () => {
    const fetchMock = vi.fn(async () => json(409, { detail: 'Already finished.', code: 'already_completed' }));
    vi.stubGlobal('fetch', fetchMock);
    const error = await apiRequest('/x', { method: 'POST', body: {}, schema: z.object({}) }).catch((caught) => caught);
    expect(error).toMatchObject({ status: 409, code: 'already_completed' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('falls back to the body message, then the status text', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(409, { message: 'Taken' })),
    );
    await expect(apiRequest('/x', { schema: z.object({}) })).rejects.toMatchObject({ message: 'Taken', status: 409 });
  });

  it('retries a 5xx once after 1 s with the same request id', async () => {
    vi.useFakeTimers();
    const fetchMock = vi
      .fn()
      .mockResolvedValueOnce(json(502, { detail: 'Bad gateway', code: 'internal_error' }))
      .mockResolvedValueOnce(json(200, { ok: true }));
    vi.stubGlobal('fetch', fetchMock);
    const result = apiRequest('/x', { schema: z.object({ ok: z.boolean() }) });
    await vi.advanceTimersByTimeAsync(1_000);
    await expect(result).resolves.toEqual({ ok: true });
    const ids = fetchMock.mock.calls.map(([, init]) => new Headers((init as RequestInit).headers).get('X-Request-Id'));
    expect(ids).toHaveLength(2);
    expect(ids[0]).toBe(ids[1]);
  });

  it('does not retry a 4xx and announces a 401 to the app', async () => {
    const fetchMock = vi.fn(async () => json(401, { detail: 'Sign in again.', code: 'unauthorized' }));
    vi.stubGlobal('fetch', fetchMock);
    const heard = vi.fn();
    window.addEventListener(AUTH_ERROR_EVENT, heard);
    await expect(apiRequest('/x', { schema: z.object({}) })).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
    window.removeEventListener(AUTH_ERROR_EVENT, heard);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(heard).toHaveBeenCalledTimes(1);
  });

  it('reports a lost connection after one retry', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    vi.stubGlobal('fetch', fetchMock);
    const result = apiRequest('/x', { schema: z.object({}) }).catch((caught) => caught);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(await result).toMatchObject({ message: 'Failed to fetch', status: 0 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('ApiError from a 429', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('keeps the Retry-After seconds', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ detail: 'Too many requests.', code: 'rate_limited' }), {
            status: 429,
            headers: { 'Content-Type': 'application/json', 'Retry-After': '42' },
          }),
      ),
    );
    await expect(apiRequest('/x', { method: 'POST', body: {}, schema: z.object({}) })).rejects.toMatchObject({
      status: 429,
      code: 'rate_limited',
      retryAfterSeconds: 42,
    });
  });
});
