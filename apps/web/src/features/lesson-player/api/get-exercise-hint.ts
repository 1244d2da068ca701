import { TutorAnswerSchema } from '@parla/shared/tutor.schema';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export interface GetExerciseHintInput {
  exerciseId: string;
  sessionId: string;
}

/** A hint from the tutor that does not give the answer away. */
export function getExerciseHint({ exerciseId, sessionId }: GetExerciseHintInput) {
  return apiRequest(`/exercises/${encodeURIComponent(exerciseId)}/hint`, {
    method: 'POST',
    body: { session_id: sessionId },
    schema: TutorAnswerSchema,
  });
}

export function useExerciseHint() {
  return useMutation({ mutationFn: getExerciseHint });
}
