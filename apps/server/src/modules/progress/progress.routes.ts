import { AppError, ErrorBodySchema } from '@parla/shared/errors';
import {
  ProgressSkillsResponseSchema,
  ProgressSummaryResponseSchema,
  ProgressWeeklyResponseSchema,
} from '@parla/shared/progress.schema';
import { UserIdParamsSchema } from '@parla/shared/users.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, type createRequireAuth } from '../../plugins/auth';
import { fastSerializerCompiler } from '../../plugins/fast-serializer';
import type { ProgressService } from './progress.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema };

/** The progress screen's reads, under /progress/{userId}: `me` or one's own id; another learner's is 403. */
export function progressRoutes({
  progressService,
  requireAuth,
}: {
  progressService: ProgressService;
  requireAuth: ReturnType<typeof createRequireAuth>;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireAuth);

    const ownId = (requested: string, caller: string) => {
      if (requested !== 'me' && requested !== caller) throw new AppError('forbidden', 'You can only see your own progress.');
      return caller;
    };

    app.get(
      '/progress/:id/summary',
      {
        serializerCompiler: fastSerializerCompiler,
        schema: {
          tags: ['progress'],
          summary: 'The overview: tiles and this month’s goals (`me` or one’s own id)',
          params: UserIdParamsSchema,
          response: { 200: ProgressSummaryResponseSchema, ...errors },
        },
      },
      (request) => progressService.summary(ownId(request.params.id, callerOf(request).userId)),
    );
    app.get(
      '/progress/:id/weekly',
      {
        schema: {
          tags: ['progress'],
          summary: 'XP and lessons on each of the last seven local days',
          params: UserIdParamsSchema,
          response: { 200: ProgressWeeklyResponseSchema, ...errors },
        },
      },
      (request) => progressService.weekly(ownId(request.params.id, callerOf(request).userId)),
    );
    app.get(
      '/progress/:id/skills',
      {
        schema: {
          tags: ['progress'],
          summary: 'Speaking, reading, listening and writing; the course’s units; the review deck',
          params: UserIdParamsSchema,
          response: { 200: ProgressSkillsResponseSchema, ...errors },
        },
      },
      (request) => progressService.skills(ownId(request.params.id, callerOf(request).userId)),
    );
  };
}
