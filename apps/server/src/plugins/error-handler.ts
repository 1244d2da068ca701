import { AppError, type ErrorBody, type ErrorItem } from '@parla/shared/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { isDatabaseUnavailableError } from '../db/errors';
import { RateLimitedError } from '../lib/rate-limit';
import { logRequestCompleted } from './request-logging';
import type { SecurityHeaders } from './security-headers';

type FastifyErrorLike = Partial<FastifyError> & Error;

function validationItems(error: FastifyErrorLike): ErrorItem[] {
  if (!hasZodFastifySchemaValidationErrors(error)) return [];
  const where = error.validationContext ?? 'body';
  return error.validation.map((issue) => ({
    path: [where, ...issue.instancePath.split('/').filter(Boolean)].join('.'),
    message: issue.message ?? 'Invalid value',
  }));
}

/** Maps everything that can go wrong to one body shape; only 4xx messages reach the client. */
export function toErrorResponse(error: FastifyErrorLike): { status: number; body: ErrorBody } {
  if (error instanceof AppError) return { status: error.status, body: error.toBody() };

  if (hasZodFastifySchemaValidationErrors(error)) {
    return {
      status: 400,
      body: { detail: 'The request is not valid.', code: 'validation_error', errors: validationItems(error) },
    };
  }
  if (isResponseSerializationError(error)) {
    return { status: 500, body: { detail: 'Something went wrong on our side.', code: 'internal_error' } };
  }
  if (isDatabaseUnavailableError(error)) {
    return {
      status: 503,
      body: { detail: 'The database is not available right now. Please try again shortly.', code: 'database_unavailable' },
    };
  }

  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { status: 413, body: { detail: 'The request body is too large.', code: 'payload_too_large' } };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, body: { detail: 'This content type is not supported; send JSON.', code: 'unsupported_media_type' } };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return { status: 400, body: { detail: 'The JSON body is empty.', code: 'invalid_json' } };
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return { status: 400, body: { detail: 'The request body is not valid JSON.', code: 'invalid_json' } };
    // Neither detail repeats the path: it is the client's own input, and may be long.
    case 'FST_ERR_BAD_URL':
      return { status: 400, body: { detail: 'The request path is not valid percent-encoding.', code: 'bad_request' } };
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return { status: 400, body: { detail: 'A part of the request path is too long.', code: 'bad_request' } };
  }

  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const code = status === 405 ? 'method_not_allowed' : status === 404 ? 'not_found' : 'bad_request';
    return { status, body: { detail: 'The request could not be understood.', code } };
  }
  return {
    status: status >= 500 && status < 600 ? status : 500,
    body: { detail: 'Something went wrong on our side.', code: 'internal_error' },
  };
}

function sendError(error: FastifyErrorLike, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const { status, body } = toErrorResponse(error);
  // 4xx answers are visible in the one request line; only failures of ours need the error itself.
  if (status >= 500) request.log.error({ err: error }, 'request failed');
  if (error instanceof RateLimitedError) reply.header('Retry-After', String(error.retryAfterSeconds));
  return reply.status(status).type('application/json; charset=utf-8').send(body);
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler(sendError);
}

/**
 * Fastify's `frameworkErrors`: the errors it meets before routing (a path that is not valid
 * percent-encoding, a parameter over maxParamLength, a failed async constraint). No hook runs for
 * them and Fastify writes no request line, so the headers every other response gets from hooks,
 * and the line, are done here.
 */
export function frameworkErrorHandler(headers: SecurityHeaders) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply => {
    reply.headers(headers);
    reply.header('X-Request-Id', request.id);
    reply.header('Cache-Control', 'no-store');
    reply.raw.once('finish', () => logRequestCompleted(null, request, reply));
    return sendError(error, request, reply);
  };
}
