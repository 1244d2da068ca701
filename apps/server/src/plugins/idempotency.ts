import { createHash } from 'node:crypto';
import { AppError } from '@parla/shared/errors';
import { isSaneRequestId } from '@parla/shared/request-id';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { DatabaseHandle } from '../db/client';
import { createStatementBatcher } from '../db/statement-batcher';
import { prepareStatement } from '../db/statements';
import type { Clock } from '../lib/clock';
import { REQUEST_ID_HEADER } from './request-id';
import { findRequestRecord } from './sql/idempotency-find.sql';
import { pruneRequestRecords } from './sql/idempotency-prune.sql';
import { releaseRequestId } from './sql/idempotency-release.sql';
import { reserveRequestIds } from './sql/idempotency-reserve.sql';
import { storeAnswers } from './sql/idempotency-store.sql';

// Request idempotency (DESIGN §3, ADR 018). A route opts in with `config: { idempotent: true }`;
// a signed-in client that sends `X-Request-Id` then gets, for 24 hours:
// - a replay (same id, same request) → the stored answer, with `Idempotent-Replayed: true`;
// - a duplicate while the first is still working → 409 `request_in_progress`;
// - the same id with another request → 422 `request_id_reused`.
// The id is reserved (one insert, the primary key decides) before the route does anything.
// Answers worth storing are 2xx and 4xx except 429: a 429, a 5xx or a 503 frees the id so the
// retry runs for real. Requests without the header are not recorded.

/** How long an id is remembered. */
export const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
/** How long a first request owns an id without answering (a crashed replica's reservation then lapses). */
export const IDEMPOTENCY_LOCK_MS = 60_000;
const PRUNE_EVERY_MS = 10 * 60_000;
export const REPLAYED_HEADER = 'idempotent-replayed';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Replays of this mutation by `X-Request-Id` return the first answer (plugins/idempotency.ts). */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** Set when this request reserved its id and must store (or free) it as it answers. */
    idempotencyKey?: { userId: string; requestId: string; fingerprint: string; createdAt: string };
    /**
     * A part of the answer kept for good elsewhere (lib/remembered-json `rememberedFragment`): its
     * record stores the name instead of the text.
     */
    idempotencyFragment?: { json: string; ref: string };
  }
}

/** What makes two requests the same one: method, route, path parameters and body. */
function fingerprintOf(request: FastifyRequest): string {
  return createHash('sha256')
    .update(JSON.stringify([request.method, request.routeOptions.url, request.params ?? null, request.body ?? null]))
    .digest('base64url');
}

const storable = (status: number) => status < 500 && status !== 429;

export function registerIdempotency(
  app: FastifyInstance,
  {
    database,
    clock,
    log,
    fragment,
  }: {
    database: DatabaseHandle;
    clock: Clock;
    log: FastifyBaseLogger;
    /** The text of a fragment a stored answer names (a lesson variant's exercises). */
    fragment: (ref: string) => Promise<string | undefined>;
  },
): void {
  // Reservations, answers and releases of concurrent requests share their statements (ADR 011);
  // one (learner, id) is never twice in a batch nor in two running statements.
  const batch = { maxSize: 64, maxInFlight: 2 };
  const keyOf = (key: { user_id: string; request_id: string }) => `${key.user_id} ${key.request_id}`;
  const reserveMany = prepareStatement(database, reserveRequestIds);
  const reserve = createStatementBatcher(
    async (
      inputs: readonly { user_id: string; request_id: string; fingerprint: string; created_at: string; locked_until: string }[],
    ) => {
      const expiredBefore = new Date(clock.now().getTime() - IDEMPOTENCY_TTL_MS).toISOString();
      const owned = new Set((await reserveMany([JSON.stringify(inputs), expiredBefore])).map(keyOf));
      return inputs.map((input) => owned.has(keyOf(input)));
    },
    { ...batch, keyOf },
  );
  const storeMany = prepareStatement(database, storeAnswers);
  const store = createStatementBatcher(
    async (
      inputs: readonly {
        user_id: string;
        request_id: string;
        fingerprint: string;
        created_at: string;
        status: number;
        content_type: string | null;
        body: string;
        fragment_at: number | null;
        fragment_ref: string | null;
      }[],
    ) => {
      await storeMany([JSON.stringify(inputs)]);
      return inputs.map(() => undefined);
    },
    { ...batch, keyOf },
  );
  const release = prepareStatement(database, releaseRequestId);
  const find = prepareStatement(database, findRequestRecord);
  const prune = prepareStatement(database, pruneRequestRecords);

  app.addHook('preHandler', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.routeOptions.config.idempotent !== true || !request.auth) return;
    const requestId = request.headers[REQUEST_ID_HEADER];
    if (!isSaneRequestId(requestId)) return;
    const { userId } = request.auth;
    const fingerprint = fingerprintOf(request);
    const now = clock.now();
    const reserved = await reserve({
      user_id: userId,
      request_id: requestId,
      fingerprint,
      created_at: now.toISOString(),
      locked_until: new Date(now.getTime() + IDEMPOTENCY_LOCK_MS).toISOString(),
    });
    if (reserved) {
      request.idempotencyKey = { userId, requestId, fingerprint, createdAt: now.toISOString() };
      return;
    }
    const [stored] = await find([userId, requestId]);
    if (stored && stored.fingerprint !== fingerprint) {
      throw new AppError('request_id_reused', 'This X-Request-Id was already used for a different request. Send a new id.');
    }
    if (!stored || stored.status === null || stored.body === null) {
      throw new AppError(
        'request_in_progress',
        'A request with this X-Request-Id is still being handled. Retry it in a moment to get its answer.',
      );
    }
    let body = stored.body;
    if (stored.fragment_ref !== null && stored.fragment_at !== null) {
      const text = await fragment(stored.fragment_ref);
      // What a fragment names is never deleted (lesson variants): not finding it is a fault.
      if (text === undefined) throw new Error(`a stored answer names ${stored.fragment_ref}, which is not there`);
      body = `${body.slice(0, stored.fragment_at)}${text}${body.slice(stored.fragment_at)}`;
    }
    reply.code(stored.status).header(REPLAYED_HEADER, 'true');
    if (stored.content_type) reply.header('content-type', stored.content_type);
    return reply.send(body);
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const key = request.idempotencyKey;
    if (!key) return payload;
    request.idempotencyKey = undefined;
    try {
      if (storable(reply.statusCode) && typeof payload === 'string') {
        const contentType = reply.getHeader('content-type');
        // A fragment kept for good elsewhere is stored by name (a start's 3 KB of exercises, ADR 032).
        const part = request.idempotencyFragment;
        const at = part ? payload.indexOf(part.json) : -1;
        await store({
          user_id: key.userId,
          request_id: key.requestId,
          fingerprint: key.fingerprint,
          created_at: key.createdAt,
          status: reply.statusCode,
          content_type: typeof contentType === 'string' ? contentType : null,
          body: at < 0 || !part ? payload : `${payload.slice(0, at)}${payload.slice(at + part.json.length)}`,
          fragment_at: at < 0 ? null : at,
          fragment_ref: at < 0 || !part ? null : part.ref,
        });
      } else {
        await release([key.userId, key.requestId]);
      }
    } catch (error) {
      // The work is done and its answer is ready: not recording it only means a retry gets a 409
      // until the lock lapses, then runs again (its own guards keep that harmless).
      log.warn({ err: error }, 'could not record the answer of an idempotent request');
    }
    return payload;
  });

  const pruneOld = () =>
    prune([new Date(clock.now().getTime() - IDEMPOTENCY_TTL_MS).toISOString()]).catch((error: unknown) =>
      log.warn({ err: error }, 'could not prune old idempotency records'),
    );
  // Once at start (a replica that was down a day finds a day's worth), then every 10 minutes.
  app.addHook('onReady', async () => {
    await pruneOld();
  });
  const timer = setInterval(pruneOld, PRUNE_EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
