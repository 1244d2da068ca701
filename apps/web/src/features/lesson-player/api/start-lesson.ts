import { StartLessonResponseSchema } from '@parla/shared/lessons.schema';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * Starts today's session of a lesson, or resumes the open one (the server generates the exercises).
 * A POST with an effect (it counts against the free plan's daily session), so a mutation, not a query.
 */
export function startLesson(lessonId: string) {
  return apiRequest(`/lessons/${encodeURIComponent(lessonId)}/start`, { method: 'POST', schema: StartLessonResponseSchema });
}

export function useStartLesson() {
  // A refused start (daily limit, unknown lesson) is an answer, not a glitch: never retried.
  return useMutation({ mutationFn: startLesson, retry: false });
}
