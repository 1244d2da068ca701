import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { createQueryClient } from './query-client';

const error = (status: number, retryAfterSeconds?: number) => new ApiError('x', status, undefined, undefined, retryAfterSeconds);

describe('createQueryClient (spec §9)', () => {
  const defaults = createQueryClient().getDefaultOptions();
  const queryRetry = defaults.queries?.retry as (count: number, error: unknown) => boolean;
  const queryDelay = defaults.queries?.retryDelay as (attempt: number, error: unknown) => number;
  const mutationRetry = defaults.mutations?.retry as (count: number, error: unknown) => boolean;
  const mutationDelay = defaults.mutations?.retryDelay as (attempt: number, error: unknown) => number;

  it('retries queries twice, never on a 4xx, waiting 1 s doubling up to 30 s', () => {
    expect([0, 1, 2].map((count) => queryRetry(count, error(500)))).toEqual([true, true, false]);
    expect(queryRetry(0, error(404))).toBe(false);
    expect([0, 1, 2, 5].map((attempt) => queryDelay(attempt, error(500)))).toEqual([1_000, 2_000, 4_000, 30_000]);
  });

  it('retries mutations twice but not on 400, 401 or 403, up to 10 s apart', () => {
    expect([400, 401, 403].map((status) => mutationRetry(0, error(status)))).toEqual([false, false, false]);
    expect(mutationRetry(1, error(409))).toBe(true);
    expect(mutationDelay(4, error(500))).toBe(10_000);
  });

  it('waits for Retry-After on a 429', () => {
    expect(queryRetry(0, error(429, 5))).toBe(true);
    expect(queryDelay(0, error(429, 5))).toBe(5_000);
    expect(queryDelay(0, error(429, 900))).toBe(30_000);
    expect(mutationDelay(0, error(429, 3))).toBe(3_000);
  });

  it('keeps data fresh for 10 minutes and in memory for 20, refetching on focus, reconnect and mount', () => {
    expect(defaults.queries).toMatchObject({
      staleTime: 600_000,
      gcTime: 1_200_000,
      refetchOnWindowFocus: true,
      refetchOnReconnect: true,
      refetchOnMount: true,
    });
  });
});
