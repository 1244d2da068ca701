import { CompleteLessonResponseSchema } from '@parla/shared/lessons.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { setCachedProfile } from '@/lib/auth/get-me';
import { learnerKeys } from '@/lib/auth/learner-keys';

export interface CompleteLessonInput {
  lessonId: string;
  sessionId: string;
  /** One id per session, kept on every retry: the server completes a session once. */
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
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeLesson,
    // Here rather than in the caller's mutate(): these run even when the learner has already left
    // the lesson (browser Back, a link) while the completion was on its way.
    onSuccess: (result) => {
      setCachedProfile(queryClient, {
        total_xp: result.total_xp,
        current_streak: result.current_streak,
        lessons_completed: result.lessons_completed,
      });
      // XP, level, streak, lessons and the daily goal all moved: every view of the learner's
      // progress is stale now (a dashboard on screen refetches at once).
      void queryClient.invalidateQueries({ queryKey: learnerKeys.progress });
    },
  });
}
