import { ErrorBodySchema } from '@parla/shared/errors';
import type { z } from 'zod';
import { env } from '@/config/env';
import { takeEarlyResponse } from './early-requests';

export const AUTH_ERROR_EVENT = 'parla:auth-error';
const UNKNOWN_ERROR = 'An unknown error occurred';
const RETRY_DELAY_MS = 1_000;

/** An API failure as the interface sees it (spec §8): message, status, code and per-field details. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | undefined,
    readonly details: { path: string; message: string }[] | undefined,
    /** From a 429's Retry-After header: how long to wait before trying again. */
    readonly retryAfterSeconds?: number,
    /** From a daily_limit_reached body: when the learner's next local day begins. */
    readonly resetsAt?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions<TSchema extends z.ZodType> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  schema: TSchema;
  signal?: AbortSignal;
  /** One id per logical request, kept on retries so the server can recognise a replay. */
  requestId?: string;
  /** Sign-in, sign-up and refresh themselves: no bearer token, and a 401 is not "session over". */
  anonymous?: boolean;
  /** Read the answer as text, not JSON (a file download such as the vocabulary TSV). */
  text?: boolean;
}

async function toApiError(response: Response): Promise<ApiError> {
  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    payload = undefined;
  }
  const retryAfter = Number.parseInt(response.headers.get('Retry-After') ?? '', 10);
  const retryAfterSeconds = Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : undefined;
  const parsed = ErrorBodySchema.safeParse(payload);
  if (parsed.success)
    return new ApiError(
      parsed.data.detail,
      response.status,
      parsed.data.code,
      parsed.data.errors,
      retryAfterSeconds,
      parsed.data.resets_at,
    );
  const message =
    typeof payload === 'object' && payload !== null && 'message' in payload && typeof payload.message === 'string'
      ? payload.message
      : response.statusText || UNKNOWN_ERROR;
  return new ApiError(message, response.status, undefined, undefined, retryAfterSeconds);
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason);
    });
  });
}

async function send(path: string, init: RequestInit, signal: AbortSignal | undefined): Promise<Response> {
  const timeout = AbortSignal.timeout(env.requestTimeoutMs);
  return fetch(`${env.apiBasePath}${path}`, { ...init, signal: signal ? AbortSignal.any([signal, timeout]) : timeout });
}

const IN_PROGRESS_RETRIES = 3;

async function isInProgress(response: Response): Promise<boolean> {
  if (response.status !== 409) return false;
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  return (body as { code?: unknown } | null)?.code === 'request_in_progress';
}

/** How the API client reaches the signed-in session without importing React state. */
export interface SessionHooks {
  accessToken(): string | null;
  /** Trades the refresh cookie for a new access token; null when the session is over. */
  refresh(): Promise<string | null>;
}

let session: SessionHooks | null = null;

export function connectSession(hooks: SessionHooks | null): void {
  session = hooks;
}

/**
 * One attempt plus the spec's single retry after 1 s for a 5xx or a lost connection. The attempt
 * may be a call the page sent before this code had loaded (lib/early-requests.ts).
 */
async function sendWithRetry(path: string, init: RequestInit, signal: AbortSignal | undefined): Promise<Response> {
  try {
    const response = (await takeEarlyResponse(init.method ?? 'GET', path)) ?? (await send(path, init, signal));
    if (response.status < 500) return response;
    await sleep(RETRY_DELAY_MS, signal);
    return await send(path, init, signal);
  } catch (error) {
    if (signal?.aborted) throw error;
    try {
      await sleep(RETRY_DELAY_MS, signal);
      return await send(path, init, signal);
    } catch (retryError) {
      const reason = retryError instanceof Error ? retryError.message : UNKNOWN_ERROR;
      throw new ApiError(reason || UNKNOWN_ERROR, 0, undefined, undefined);
    }
  }
}

/**
 * Calls the API and validates the answer with the shared schema. The bearer token goes on every
 * call of a signed-in session; an expired one is refreshed once and the call repeated (same
 * request id). A 401 that remains tells the app the session is gone (spec §8).
 */
export async function apiRequest<TSchema extends z.ZodType>(
  path: string,
  options: RequestOptions<TSchema>,
): Promise<z.output<TSchema>> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Request-Id': options.requestId ?? crypto.randomUUID(),
  };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const token = options.anonymous ? null : session?.accessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const init: RequestInit = {
    method: options.method ?? 'GET',
    headers,
    credentials: 'same-origin',
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  };

  let response = await sendWithRetry(path, init, options.signal);
  // A retry that arrived while the first attempt was still being handled (the server keeps the
  // first answer per X-Request-Id): ask again shortly, and get that answer.
  for (let attempt = 0; attempt < IN_PROGRESS_RETRIES && (await isInProgress(response)); attempt += 1) {
    await sleep(RETRY_DELAY_MS, options.signal);
    response = await sendWithRetry(path, init, options.signal);
  }
  if (response.status === 401 && token && session) {
    const error = await toApiError(response.clone());
    const fresh = error.code === 'token_expired' ? await session.refresh() : null;
    if (fresh) {
      headers.Authorization = `Bearer ${fresh}`;
      response = await sendWithRetry(path, init, options.signal);
    }
  }

  if (!response.ok) {
    const error = await toApiError(response);
    if (response.status === 401 && !options.anonymous) window.dispatchEvent(new CustomEvent(AUTH_ERROR_EVENT, { detail: error }));
    throw error;
  }
  const data: unknown = response.status === 204 ? undefined : options.text ? await response.text() : await response.json();
  return options.schema.parse(data);
}
