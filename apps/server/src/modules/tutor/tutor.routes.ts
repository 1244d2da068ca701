import { ErrorBodySchema } from '@parla/shared/errors';
import {
  AdaptExplanationBodySchema,
  TutorAnswerSchema,
  TutorExerciseBodySchema,
  TutorExerciseParamsSchema,
} from '@parla/shared/tutor.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Limit, RateLimiter } from '../../lib/rate-limit';
import { callerOf, type createRequireAuth } from '../../plugins/auth';
import { routeLimit } from '../../plugins/rate-limit';
import type { TutorService } from './tutor.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema, 429: ErrorBodySchema };

/** Every tutor call may reach the AI provider, which is paid per call: a hint and an explanation per exercise of a few lessons. */
export const TUTOR_CALLS_PER_LEARNER: Limit = { limit: 40, windowSeconds: 10 * 60 };

export function tutorRoutes({
  tutorService,
  requireAuth,
  limiter,
}: {
  tutorService: TutorService;
  requireAuth: ReturnType<typeof createRequireAuth>;
  limiter: RateLimiter;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireAuth);
    // After validation (preHandler), so only calls that would reach the tutor count.
    app.addHook(
      'preHandler',
      routeLimit(limiter, 'tutor:learner', TUTOR_CALLS_PER_LEARNER, (request) => callerOf(request).userId),
    );

    app.post(
      '/exercises/:id/explanation',
      {
        config: { idempotent: true },
        schema: {
          tags: ['tutor'],
          summary: 'Why the answer is what it is (after answering)',
          params: TutorExerciseParamsSchema,
          body: TutorExerciseBodySchema,
          response: { 200: TutorAnswerSchema, ...errors },
        },
      },
      (request) => tutorService.explain(callerOf(request).userId, request.body.session_id, request.params.id),
    );

    app.post(
      '/exercises/:id/hint',
      {
        config: { idempotent: true },
        schema: {
          tags: ['tutor'],
          summary: 'A hint that does not give the answer away',
          params: TutorExerciseParamsSchema,
          body: TutorExerciseBodySchema,
          response: { 200: TutorAnswerSchema, ...errors },
        },
      },
      (request) => tutorService.hint(callerOf(request).userId, request.body.session_id, request.params.id),
    );

    app.post(
      '/enhanced-lessons/adapt-explanation',
      {
        config: { idempotent: true },
        schema: {
          tags: ['tutor'],
          summary: 'Rewrite an explanation for the learner’s level',
          body: AdaptExplanationBodySchema,
          response: { 200: TutorAnswerSchema, ...errors },
        },
      },
      (request) => tutorService.adapt(callerOf(request).userId, request.body),
    );
  };
}
