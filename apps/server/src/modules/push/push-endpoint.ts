/**
 * Whether the server may post to a subscription's endpoint, or why not. The server makes a request
 * to any URL a learner hands it, so it accepts only what a browser's push service gives: https on
 * the standard port, a public host name — never an address, a single-label or local name (a way
 * into the server's own network). `allowLocal` (tests only: NODE_ENV=test) also accepts
 * http on the loopback, where a test's push service listens.
 */
export function pushEndpointProblem(endpoint: string, { allowLocal }: { allowLocal: boolean }): string | undefined {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'Must be an https:// URL.';
  }
  if (url.username !== '' || url.password !== '') return 'Must not carry a user name or password.';
  if (allowLocal && url.protocol === 'http:' && (url.hostname === '127.0.0.1' || url.hostname === '[::1]')) return undefined;
  if (url.protocol !== 'https:') return 'Must be an https:// URL.';
  if (url.port !== '') return 'Must use the standard https port.';
  const host = url.hostname.toLowerCase();
  if (
    host.startsWith('[') ||
    /^[\d.]+$/.test(host) ||
    !host.includes('.') ||
    /(^|\.)(localhost|local|internal|localdomain|home\.arpa)$/.test(host)
  ) {
    return 'Must be the address of a public push service.';
  }
  return undefined;
}

/** What may be logged of an endpoint: its origin. The path is the subscription's secret. */
export function endpointOrigin(endpoint: string): string {
  try {
    return new URL(endpoint).origin;
  } catch {
    return 'invalid';
  }
}
