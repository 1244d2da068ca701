import { ErrorBodySchema } from '@parla/shared/errors';
import {
  AnswerPracticeBodySchema,
  AnswerPracticeResponseSchema,
  CompletePracticeResponseSchema,
  PracticeIdParamsSchema,
  StartPracticeResponseSchema,
  StartReviewBodySchema,
} from '@parla/shared/practice.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Limit, RateLimiter } from '../../lib/rate-limit';
import { callerOf, type createRequireAuth } from '../../plugins/auth';
import { routeLimit } from '../../plugins/rate-limit';
import type { PracticeSessionsService } from './practice-sessions.service';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  409: ErrorBodySchema,
  422: ErrorBodySchema,
  429: ErrorBodySchema,
};

/** Each start generates and stores a session: plenty for a keen learner, not a flood. */
export const PRACTICE_STARTS_PER_LEARNER: Limit = { limit: 30, windowSeconds: 60 * 60 };

export function practiceRoutes({
  practiceService,
  requireAuth,
  limiter,
}: {
  practiceService: PracticeSessionsService;
  requireAuth: ReturnType<typeof createRequireAuth>;
  limiter: RateLimiter;
}): FastifyPluginAsyncZod {
  // Quick practice and review share one allowance.
  const limitStarts = routeLimit(
    limiter,
    'practice-start:learner',
    PRACTICE_STARTS_PER_LEARNER,
    (request) => callerOf(request).userId,
  );
  return async (app) => {
    app.addHook('onRequest', requireAuth);

    for (const [kind, prefix, label] of [
      ['practice', '/practice', 'quick practice'],
      ['review', '/review/sessions', 'review'],
    ] as const) {
      if (kind === 'practice') {
        app.post(
          '/practice/start',
          {
            config: { idempotent: true },
            schema: {
              tags: ['practice'],
              summary: `Start a ${label} session`,
              response: { 200: StartPracticeResponseSchema, ...errors },
            },
            preHandler: limitStarts,
          },
          (request) => practiceService.start(callerOf(request).userId, kind),
        );
      } else {
        app.post(
          '/review/start',
          {
            config: { idempotent: true },
            schema: {
              tags: ['practice'],
              summary: `Start a ${label} session: the cards due now, or one lesson's words (body.lesson_id)`,
              body: StartReviewBodySchema.nullish(),
              response: { 200: StartPracticeResponseSchema, ...errors },
            },
            preHandler: limitStarts,
          },
          (request) => practiceService.start(callerOf(request).userId, kind, request.body?.lesson_id),
        );
      }
      app.post(
        `${prefix}/:id/answer`,
        {
          config: { idempotent: true },
          schema: {
            tags: ['practice'],
            summary: `Answer one ${label} question (null when the time ran out)`,
            params: PracticeIdParamsSchema,
            body: AnswerPracticeBodySchema,
            response: { 200: AnswerPracticeResponseSchema, ...errors },
          },
        },
        (request) => practiceService.answer(callerOf(request).userId, kind, request.params.id, request.body),
      );
      app.post(
        `${prefix}/:id/complete`,
        {
          config: { idempotent: true },
          schema: {
            tags: ['practice'],
            summary: `Finish the ${label}: XP and stars (idempotent)`,
            params: PracticeIdParamsSchema,
            response: { 200: CompletePracticeResponseSchema, ...errors },
          },
        },
        (request) => practiceService.complete(callerOf(request).userId, kind, request.params.id),
      );
    }
  };
}
