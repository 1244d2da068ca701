/**
 * API calls that public/boot.js sends when a page behind an account is opened directly, before
 * the app's code has loaded: the answers travel while that code downloads and runs. The API client
 * hands each one to the first matching call, once, and validates it as usual. They belong to the
 * history entry the app was opened on; after a navigation they are stale and dropped.
 */

/** "METHOD /route" → the answer, or null when the call turned out not to be needed. */
type EarlyRequests = Record<string, Promise<Response | null> | undefined>;

declare global {
  interface Window {
    parlaEarlyRequests?: EarlyRequests;
  }
}

function currentEntry(): string {
  const state = window.history.state as { key?: unknown } | null;
  return `${window.location.pathname} ${typeof state?.key === 'string' ? state.key : ''}`;
}

let openedOn = '';
let pending: EarlyRequests = {};

/** Takes over what boot.js sent; called once, before the first render. */
export function adoptEarlyRequests(): void {
  openedOn = currentEntry();
  pending = window.parlaEarlyRequests ?? {};
  delete window.parlaEarlyRequests;
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
