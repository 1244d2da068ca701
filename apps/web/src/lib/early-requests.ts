/**
 * A page behind an account opened directly: the API calls its first screen makes, sent as soon as
 * the entry script runs, while the account's code downloads, instead of after that code has run.
 * They are the calls the app makes itself, in its order and on its conditions (lib/auth/auth-provider.tsx
 * restores the session, then loads the learner; the dashboard reads /dashboard); nothing here decides
 * anything from the answers. The API client hands each answer to the first matching call, once, and
 * validates it as usual. They belong to the history entry the app was opened on; after a navigation
 * they are stale and dropped. (The boot script sends nothing: it runs before the app and only reads.)
 */
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { matchPath } from './router';

/** "METHOD /route" → the answer, or null when the call turned out not to be needed. */
export type EarlyRequests = Record<string, Promise<Response | null> | undefined>;

function currentEntry(): string {
  const state = window.history.state as { key?: unknown } | null;
  return `${window.location.pathname} ${typeof state?.key === 'string' ? state.key : ''}`;
}

let openedOn = '';
let pending: EarlyRequests = {};

function send(route: string, method: 'GET' | 'POST', token?: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: 'application/json', 'X-Request-Id': crypto.randomUUID() };
  if (token) headers.Authorization = `Bearer ${token}`;
  return fetch(`${env.apiBasePath}${route}`, {
    method,
    headers,
    credentials: 'same-origin',
    signal: AbortSignal.timeout(env.requestTimeoutMs),
  });
}

/** Whether `pathname` is behind an account: the screens that restore the session before they show. */
export function isAccountPath(pathname: string): boolean {
  return [paths.setup, `${paths.app.dashboard}/*`].some((pattern) => matchPath(pattern, pathname) !== null);
}

/**
 * The calls a page behind an account makes first, sent now: the session's restore, then the
 * learner with the new access token, beside it the dashboard on /app, and the friends and suggestions
 * on /app/friends. Elsewhere nothing.
 */
export function sendEarlyRequests(pathname: string): EarlyRequests {
  // Without these the API client cannot work either; the app then shows its own error.
  if (!isAccountPath(pathname) || typeof crypto.randomUUID !== 'function' || typeof AbortSignal.timeout !== 'function') return {};
  const refresh = send('/auth/refresh', 'POST');
  const token = refresh
    .then((response) => (response.ok ? response.clone().json() : null))
    .then((auth: { access_token?: unknown } | null) => (typeof auth?.access_token === 'string' ? auth.access_token : null));
  const early: EarlyRequests = {
    'POST /auth/refresh': refresh,
    'GET /users/me': token.then((value) => (value ? send('/users/me', 'GET', value) : null)),
  };
  // The dashboard is a read without effects, asked for beside the learner it follows.
  if (matchPath(paths.app.dashboard, pathname))
    early['GET /dashboard'] = token.then((value) => (value ? send('/dashboard', 'GET', value) : null));
  // The friends screen counts my friends and suggestions on its tabs whichever tab is open.
  if (matchPath(paths.app.friends, pathname)) {
    early['GET /users/me/friends'] = token.then((value) => (value ? send('/users/me/friends', 'GET', value) : null));
    early['GET /users/me/suggestions?limit=20'] = token.then((value) =>
      value ? send('/users/me/suggestions?limit=20', 'GET', value) : null,
    );
  }
  // Each is awaited by the app, or dropped: a failure must not also surface as unhandled.
  for (const response of Object.values(early)) response?.catch(() => undefined);
  return early;
}

/** Hands `requests` to the API client for the history entry shown now (the page just opened). */
export function adoptEarlyRequests(requests: EarlyRequests): void {
  openedOn = currentEntry();
  pending = { ...requests };
}

/** Sends and adopts the opened page's first calls; called once, before the first render. */
export function startEarlyRequests(): void {
  adoptEarlyRequests(sendEarlyRequests(window.location.pathname));
}

/** The early answer to `method` `path`, at most once, and only on the entry the app was opened on. */
export function takeEarlyResponse(method: string, path: string): Promise<Response | null> | undefined {
  if (currentEntry() !== openedOn) {
    pending = {};
    return undefined;
  }
  const key = `${method} ${path}`;
  const response = pending[key];
  delete pending[key];
  return response;
}
