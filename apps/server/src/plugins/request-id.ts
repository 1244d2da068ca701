import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { isSaneRequestId } from '@parla/shared/request-id';

export const REQUEST_ID_HEADER = 'x-request-id';

/** Keeps a client's id (so its retries can be matched and logs joined up) when it is a sane token. */
export function generateRequestId(request: IncomingMessage): string {
  const offered = request.headers[REQUEST_ID_HEADER];
  return isSaneRequestId(offered) ? offered : randomUUID();
}
