/** A client-chosen request id is kept only when it is a short, log-safe token. */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{1,128}$/;

export function isSaneRequestId(value: unknown): value is string {
  return typeof value === 'string' && REQUEST_ID_PATTERN.test(value);
}
