// Errors that mean "the database is not reachable" rather than "the query was wrong".
const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  '57014', // query_canceled: statement_timeout, a database too slow to answer in time
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
]);

// node-postgres's own message when no answer came within query_timeout (a silent link).
const QUERY_READ_TIMEOUT = /^Query read timeout$/;

const CONNECTION_ERROR_MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error/i,
  /Client was closed and is not queryable/i,
  QUERY_READ_TIMEOUT,
  /database ping timed out/i,
  /Cannot use a pool after calling end/i,
];

export function isDatabaseUnavailableError(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (CONNECTION_ERROR_CODES.has(code) || code.startsWith('08'))) return true;
    if (CONNECTION_ERROR_MESSAGES.some((pattern) => pattern.test(current instanceof Error ? current.message : ''))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The query got no answer in time: its connection is stuck behind it and cannot serve another. */
export function isQueryReadTimeout(error: unknown): boolean {
  return error instanceof Error && QUERY_READ_TIMEOUT.test(error.message);
}
