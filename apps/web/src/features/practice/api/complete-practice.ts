import { CompletePracticeResponseSchema } from '@parla/shared/practice.schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

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
    // XP, level, streak and daily goal all moved: every learner view is stale now.
    onSuccess: () => queryClient.invalidateQueries(),
  });
};
