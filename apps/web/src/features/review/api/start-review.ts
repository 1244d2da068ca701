import { StartPracticeResponseSchema } from '@parla/shared/practice.schema';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** A review round of the words due now: questions only, the answers stay on the server (409 nothing_due when none is). */
export const startReview = ({ requestId }: { requestId: string }) =>
  apiRequest('/review/start', { method: 'POST', schema: StartPracticeResponseSchema, requestId });

export const useStartReview = () => useMutation({ mutationFn: startReview });
