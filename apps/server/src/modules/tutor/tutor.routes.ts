import { ErrorBodySchema } from '@parla/shared/errors';
import {
  AdaptExplanationBodySchema,
  TutorAnswerSchema,
  TutorExerciseBodySchema,
  TutorExerciseParamsSchema,
} from '@parla/shared/tutor.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, type createRequireAuth } from '../../plugins/auth';
import type { TutorService } from './tutor.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };

export function tutorRoutes({
  tutorService,
  requireAuth,
}: {
  tutorService: TutorService;
  requireAuth: ReturnType<typeof createRequireAuth>;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireAuth);

    app.post(
      '/exercises/:id/explanation',
      {
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
