import { ErrorBodySchema } from '@parla/shared/errors';
import type { z } from 'zod';
import { env } from '../config/env';

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
}

async function toApiError(response: Response): Promise<ApiError> {
  let payload: unknown;
  try {
    payload = await response.json();
  } catch {
    payload = undefined;
  }
  const parsed = ErrorBodySchema.safeParse(payload);
  if (parsed.success) return new ApiError(parsed.data.detail, response.status, parsed.data.code, parsed.data.errors);
  const message =
    typeof payload === 'object' && payload !== null && 'message' in payload && typeof payload.message === 'string'
      ? payload.message
      : response.statusText || UNKNOWN_ERROR;
  return new ApiError(message, response.status, undefined, undefined);
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

/**
 * Calls the API and validates the answer with the shared schema. A server error or a lost
 * connection is retried once after 1 s with the same request id; a 401 tells the app the
 * session is gone.
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
  const init: RequestInit = {
    method: options.method ?? 'GET',
    headers,
    credentials: 'same-origin',
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  };

  let response: Response;
  try {
    response = await send(path, init, options.signal);
    if (response.status >= 500) {
      await sleep(RETRY_DELAY_MS, options.signal);
      response = await send(path, init, options.signal);
    }
  } catch (error) {
    if (options.signal?.aborted) throw error;
    try {
      await sleep(RETRY_DELAY_MS, options.signal);
      response = await send(path, init, options.signal);
    } catch (retryError) {
      const reason = retryError instanceof Error ? retryError.message : UNKNOWN_ERROR;
      throw new ApiError(reason || UNKNOWN_ERROR, 0, undefined, undefined);
    }
  }

  if (!response.ok) {
    const error = await toApiError(response);
    if (response.status === 401) window.dispatchEvent(new CustomEvent(AUTH_ERROR_EVENT, { detail: error }));
    throw error;
  }
  const data: unknown = response.status === 204 ? undefined : await response.json();
  return options.schema.parse(data);
}
