import { ErrorBodySchema } from '@parla/shared/errors';
import {
  AnswerExerciseBodySchema,
  AnswerExerciseParamsSchema,
  AnswerExerciseResponseSchema,
  CompleteLessonResponseSchema,
  LessonIdParamsSchema,
  SessionBodySchema,
  SkipExerciseBodySchema,
  StartLessonResponseSchema,
} from '@parla/shared/lessons.schema';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { rememberedFragment } from '../../lib/remembered-json';
import { callerOf, type createRequireAuth } from '../../plugins/auth';
import { fastSerializerCompiler, fastSerializerCompilerSplicing } from '../../plugins/fast-serializer';
import type { LessonSessionsService } from './lesson-sessions.service';

const errors = { 400: ErrorBodySchema, 401: ErrorBodySchema, 403: ErrorBodySchema, 404: ErrorBodySchema, 409: ErrorBodySchema };

export function lessonSessionsRoutes({
  lessonSessionsService,
  requireAuth,
}: {
  lessonSessionsService: LessonSessionsService;
  requireAuth: ReturnType<typeof createRequireAuth>;
}): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', requireAuth);

    app.post(
      '/lessons/:id/start',
      {
        config: { idempotent: true },
        // A new session's exercises are its variant's, whose JSON is made once (ADR 032).
        serializerCompiler: fastSerializerCompilerSplicing('exercises'),
        schema: {
          tags: ['lessons'],
          summary: 'Start (or resume today’s) session of a lesson',
          params: LessonIdParamsSchema,
          response: { 200: StartLessonResponseSchema, ...errors },
        },
      },
      async (request) => {
        const started = await lessonSessionsService.startLesson(callerOf(request).userId, request.params.id);
        // A new session's exercises are its variant's: a recorded answer names them (plugins/idempotency).
        request.idempotencyFragment = rememberedFragment(started.exercises);
        return started;
      },
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
        lessonSessionsService.answerExercise(
          callerOf(request).userId,
          request.params.id,
          request.params.exerciseId,
          request.body,
        ),
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
        lessonSessionsService.skipExercise(callerOf(request).userId, request.params.id, request.params.exerciseId, request.body),
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
      (request) => lessonSessionsService.completeLesson(callerOf(request).userId, request.params.id, request.body.session_id),
    );
  };
}
