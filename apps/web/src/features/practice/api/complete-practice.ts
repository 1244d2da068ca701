import { CompletePracticeResponseSchema } from '@parla/shared/practice.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { setCachedProfile } from '@/lib/auth/get-me';
import { learnerKeys } from '@/lib/auth/learner-keys';

/** Finishes the session: the server awards XP, stars and the streak exactly once. */
export const completePractice = ({ sessionId, requestId }: { sessionId: string; requestId: string }) =>
  apiRequest(`/practice/${encodeURIComponent(sessionId)}/complete`, {
    method: 'POST',
    schema: CompletePracticeResponseSchema,
    requestId,
  });

export const useCompletePractice = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completePractice,
    // Here rather than in the caller's mutate(): these run even when the learner has already left.
    onSuccess: (result) => {
      setCachedProfile(queryClient, { total_xp: result.total_xp, current_streak: result.current_streak });
      // XP, level, streak and daily goal all moved: every view of the learner's progress is stale now.
      void queryClient.invalidateQueries({ queryKey: learnerKeys.progress });
    },
  });
};
