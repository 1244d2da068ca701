import pino, { type LoggerOptions } from 'pino';

/**
 * Fields of database errors that carry the values a statement was run with: drizzle's and PGlite's
 * `query`/`params`, postgres.js's `parameters`, and PostgreSQL's `detail` ("Key (email)=(…)",
 * "Failing row contains (…)"), `where` ("unnamed portal parameter $1 = '…'") and `internalQuery`.
 * A failed insert of an account would otherwise log its password hash.
 */
const VALUE_FIELDS = new Set(['query', 'params', 'parameters', 'detail', 'where', 'internalQuery']);
const WITHHELD = '[not logged]';
const MAX_DEPTH = 8;

/** What pino treats as an error: anything with a string message. */
type ErrorFields = Error & { [field: string]: unknown };

const isError = (value: unknown): value is ErrorFields =>
  typeof value === 'object' && value !== null && typeof (value as { message?: unknown }).message === 'string';

/** The message, unless it embeds the statement's values; then what is safe to say instead. */
function safeMessage(error: ErrorFields): string {
  // drizzle's DrizzleQueryError: "Failed query: <sql>\nparams: <values>".
  if ('params' in error || 'parameters' in error) {
    if (/\bparams:/.test(error.message) || (typeof error.query === 'string' && error.message.includes(error.query))) {
      return 'Failed query (its SQL and values are not logged)';
    }
  }
  // SQLSTATE class 22, data exceptions, quote the offending value ('invalid input syntax for type
  // uuid: "…"').
  if (typeof error.code === 'string' && /^22[0-9A-Z]{3}$/.test(error.code)) return `data exception ${error.code}`;
  return error.message;
}

/** The error with every value a database statement carried taken out, its causes included. */
function withoutStatementValues(error: ErrorFields, depth: number): ErrorFields {
  if (depth > MAX_DEPTH) return error;
  const cause = isError(error.cause) ? withoutStatementValues(error.cause, depth + 1) : error.cause;
  const errors = Array.isArray(error.errors)
    ? error.errors.map((item: unknown) => (isError(item) ? withoutStatementValues(item, depth + 1) : item))
    : error.errors;
  const message = safeMessage(error);
  const leaks = message !== error.message || Object.keys(error).some((field) => VALUE_FIELDS.has(field));
  if (!leaks && cause === error.cause && errors === error.errors) return error;

  // A copy on the same prototype keeps the type name pino logs; the original is left untouched.
  const copy: ErrorFields = Object.create(Object.getPrototypeOf(error));
  for (const field of Object.keys(error)) copy[field] = VALUE_FIELDS.has(field) ? WITHHELD : error[field];
  copy.message = message;
  copy.stack =
    message === error.message
      ? error.stack
      : [`${error.name ?? 'Error'}: ${message}`, ...(error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line))].join(
          '\n',
        );
  if (cause !== undefined) copy.cause = cause;
  if (errors !== undefined) copy.errors = errors;
  return copy;
}

/** pino's error serializer, after taking out what a failed statement was run with. */
export function serializeError(value: unknown): unknown {
  return pino.stdSerializers.err(isError(value) ? withoutStatementValues(value, 0) : (value as Error));
}

/**
 * Options for every pino logger the server creates (main.ts, buildApp's default, tests that read
 * the log): they add the error serializer that keeps statement values out of the log.
 */
export function loggerOptions(options: LoggerOptions = {}): LoggerOptions {
  return { ...options, serializers: { ...options.serializers, err: serializeError } };
}
