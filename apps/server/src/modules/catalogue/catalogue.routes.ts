import { AppError, ErrorBodySchema } from '@parla/shared/errors';
import {
  GetLessonResponseSchema,
  LessonIdParamsSchema,
  ListLessonsQuerySchema,
  ListLessonsResponseSchema,
  RecommendedLessonsResponseSchema,
  SearchLessonsQuerySchema,
  SearchLessonsResponseSchema,
} from '@parla/shared/lessons.schema';
import { UserIdParamsSchema } from '@parla/shared/users.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, type createRequireAuth } from '../../plugins/auth';
import type { CatalogueService } from './catalogue.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };

export function catalogueRoutes({
  catalogueService,
  requireAuth,
}: {
  catalogueService: CatalogueService;
  requireAuth: ReturnType<typeof createRequireAuth>;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireAuth);

    app.get(
      '/lessons',
      {
        schema: {
          tags: ['lessons'],
          summary: 'Units and lessons of a course, with the learner’s progress',
          querystring: ListLessonsQuerySchema,
          response: { 200: ListLessonsResponseSchema, ...errors },
        },
      },
      (request) => catalogueService.listLessons(callerOf(request).userId, request.query.language),
    );

    app.get(
      '/lessons/search',
      {
        schema: {
          tags: ['lessons'],
          summary: 'Find lessons and words',
          querystring: SearchLessonsQuerySchema,
          response: { 200: SearchLessonsResponseSchema, ...errors },
        },
      },
      (request) => catalogueService.search(callerOf(request).userId, request.query.q, request.query.language),
    );

    app.get(
      '/lessons/recommended/:id',
      {
        schema: {
          tags: ['lessons'],
          summary: 'The next lessons to take (`me` or one’s own id)',
          params: UserIdParamsSchema,
          response: { 200: RecommendedLessonsResponseSchema, ...errors },
        },
      },
      async (request) => {
        const caller = callerOf(request).userId;
        if (request.params.id !== 'me' && request.params.id !== caller)
          throw new AppError('forbidden', 'You can only see your own recommendations.');
        return { lessons: await catalogueService.recommended(caller) };
      },
    );

    app.get(
      '/lessons/:id',
      {
        schema: {
          tags: ['lessons'],
          summary: 'One lesson with its words and grammar note',
          params: LessonIdParamsSchema,
          querystring: ListLessonsQuerySchema,
          response: { 200: GetLessonResponseSchema, ...errors },
        },
      },
      (request) => catalogueService.getLesson(callerOf(request).userId, request.params.id, request.query.language),
    );
  };
}
