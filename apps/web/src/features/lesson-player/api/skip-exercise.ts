import { AnswerExerciseResponseSchema, type SkipExerciseBody } from '@parla/shared/lessons.schema';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export interface SkipExerciseInput extends SkipExerciseBody {
  lessonId: string;
  exerciseId: string;
  requestId: string;
}

/** Skips a listening or speaking item: it then counts neither for nor against the score. */
export function skipExercise({ lessonId, exerciseId, requestId, ...body }: SkipExerciseInput) {
  return apiRequest(`/lessons/${encodeURIComponent(lessonId)}/exercises/${encodeURIComponent(exerciseId)}/skip`, {
    method: 'POST',
    body,
    requestId,
    schema: AnswerExerciseResponseSchema,
  });
}

export function useSkipExercise() {
  return useMutation({ mutationFn: skipExercise });
}
