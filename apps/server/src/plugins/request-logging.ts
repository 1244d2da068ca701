import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * The path and the names of the query's parameters, without their values: a query may carry a
 * secret (a password-reset token, an OAuth code and state), and the log is read by more people
 * than the ones those secrets belong to.
 */
export function loggableUrl(url: string): string {
  const mark = url.indexOf('?');
  if (mark === -1) return url;
  const names = [...new Set(new URLSearchParams(url.slice(mark + 1)).keys())];
  const path = url.slice(0, mark);
  return names.length === 0 ? path : `${path}?${names.map((name) => `${encodeURIComponent(name)}=[redacted]`).join('&')}`;
}

/** The one line a request leaves in the log, written once it has been answered. */
export function logRequestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
  const line = {
    method: request.method,
    url: loggableUrl(request.url),
    status: reply.statusCode,
    ms: Math.round(reply.elapsedTime * 10) / 10,
  };
  if (error) reply.log.error({ ...line, err: error }, 'request errored');
  else reply.log.info(line, 'request');
}

/** One JSON line per request, written when it completes, carrying the request id. */
export class RequestLogController extends LogController {
  constructor() {
    super({ requestIdLogLabel: 'request_id' });
  }

  override incomingRequest(): void {}

  override requestCompleted(error: Error | null, request: FastifyRequest, reply: FastifyReply): void {
    logRequestCompleted(error, request, reply);
  }
}
