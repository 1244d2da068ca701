import { AppError, ErrorBodySchema } from '@parla/shared/errors';
import {
  AnswerExerciseBodySchema,
  AnswerExerciseParamsSchema,
  AnswerExerciseResponseSchema,
  CompleteLessonResponseSchema,
  GetLessonResponseSchema,
  LessonIdParamsSchema,
  ListLessonsQuerySchema,
  ListLessonsResponseSchema,
  RecommendedLessonsResponseSchema,
  SearchLessonsQuerySchema,
  SearchLessonsResponseSchema,
  SessionBodySchema,
  SkipExerciseBodySchema,
  StartLessonResponseSchema,
} from '@parla/shared/lessons.schema';
import { UserIdParamsSchema } from '@parla/shared/users.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { callerOf, type createRequireAuth } from '../../plugins/auth';
import { fastSerializerCompiler } from '../../plugins/fast-serializer';
import type { LessonsService } from './lessons.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };

export function lessonsRoutes({
  lessonsService,
  requireAuth,
}: {
  lessonsService: LessonsService;
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
      (request) => lessonsService.listLessons(callerOf(request).userId, request.query.language),
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
      (request) => lessonsService.search(callerOf(request).userId, request.query.q, request.query.language),
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
        return { lessons: await lessonsService.recommended(caller) };
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
      (request) => lessonsService.getLesson(callerOf(request).userId, request.params.id, request.query.language),
    );

    app.post(
      '/lessons/:id/start',
      {
        config: { idempotent: true },
        schema: {
          tags: ['lessons'],
          summary: 'Start (or resume today’s) session of a lesson',
          params: LessonIdParamsSchema,
          response: { 200: StartLessonResponseSchema, ...errors },
        },
      },
      (request) => lessonsService.startLesson(callerOf(request).userId, request.params.id),
    );

    app.post(
      '/lessons/:id/exercises/:exerciseId/complete',
      {
        config: { idempotent: true },
        serializerCompiler: fastSerializerCompiler,
        schema: {
          tags: ['lessons'],
          summary: 'Answer one exercise; the server marks it',
          params: AnswerExerciseParamsSchema,
          body: AnswerExerciseBodySchema,
          response: { 200: AnswerExerciseResponseSchema, ...errors },
        },
      },
      (request) =>
        lessonsService.answerExercise(callerOf(request).userId, request.params.id, request.params.exerciseId, request.body),
    );

    app.post(
      '/lessons/:id/exercises/:exerciseId/skip',
      {
        config: { idempotent: true },
        serializerCompiler: fastSerializerCompiler,
        schema: {
          tags: ['lessons'],
          summary: 'Skip a listening or speaking exercise (it then counts neither way; idempotent)',
          params: AnswerExerciseParamsSchema,
          body: SkipExerciseBodySchema,
          response: { 200: AnswerExerciseResponseSchema, ...errors },
        },
      },
      (request) =>
        lessonsService.skipExercise(callerOf(request).userId, request.params.id, request.params.exerciseId, request.body),
    );

    app.post(
      '/lessons/:id/complete',
      {
        config: { idempotent: true },
        serializerCompiler: fastSerializerCompiler,
        schema: {
          tags: ['lessons'],
          summary: 'Finish the session: score, XP, streak (idempotent per session)',
          params: LessonIdParamsSchema,
          body: SessionBodySchema,
          response: { 200: CompleteLessonResponseSchema, ...errors },
        },
      },
      (request) => lessonsService.completeLesson(callerOf(request).userId, request.params.id, request.body.session_id),
    );
  };
}
