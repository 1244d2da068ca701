import { CompleteLessonResponseSchema } from '@parla/shared/lessons.schema';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface CompleteLessonInput {
  lessonId: string;
  sessionId: string;
  requestId: string;
}

/** Scores the session and awards XP and the streak; idempotent per session on the server. */
export function completeLesson({ lessonId, sessionId, requestId }: CompleteLessonInput) {
  return apiRequest(`/lessons/${encodeURIComponent(lessonId)}/complete`, {
    method: 'POST',
    body: { session_id: sessionId },
    requestId,
    schema: CompleteLessonResponseSchema,
  });
}

export function useCompleteLesson() {
  return useMutation({ mutationFn: completeLesson });
}
