import { CompletePracticeResponseSchema } from '@parla/shared/practice.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { setCachedProfile } from '@/lib/auth/get-me';
import { learnerKeys } from '@/lib/auth/learner-keys';

/** Finishes the round: the server awards its XP through the progress ledger, exactly once. */
export const completeReview = ({ sessionId, requestId }: { sessionId: string; requestId: string }) =>
  apiRequest(`/review/sessions/${encodeURIComponent(sessionId)}/complete`, {
    method: 'POST',
    schema: CompletePracticeResponseSchema,
    requestId,
  });

export const useCompleteReview = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: completeReview,
    // Here rather than in the caller's mutate(): these run even when the learner has already left.
    onSuccess: (result) => {
      setCachedProfile(queryClient, { total_xp: result.total_xp, current_streak: result.current_streak });
      // XP, streak, daily goal and the words due all moved.
      void queryClient.invalidateQueries({ queryKey: learnerKeys.progress });
    },
  });
};
