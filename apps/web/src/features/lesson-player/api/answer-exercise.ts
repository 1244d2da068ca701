import { type AnswerExerciseBody, AnswerExerciseResponseSchema } from '@parla/shared/lessons.schema';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export interface AnswerExerciseInput extends AnswerExerciseBody {
  lessonId: string;
  exerciseId: string;
  /** One id per answer, kept on retries: the server marks an exercise once. */
  requestId: string;
}

/** The server marks the answer; the first answer to an exercise locks it. */
export function answerExercise({ lessonId, exerciseId, requestId, ...body }: AnswerExerciseInput) {
  return apiRequest(`/lessons/${encodeURIComponent(lessonId)}/exercises/${encodeURIComponent(exerciseId)}/complete`, {
    method: 'POST',
    body,
    requestId,
    schema: AnswerExerciseResponseSchema,
  });
}

export function useAnswerExercise() {
  return useMutation({ mutationFn: answerExercise });
}
