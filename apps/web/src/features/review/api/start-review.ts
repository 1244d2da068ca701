import { StartPracticeResponseSchema } from '@parla/shared/practice.schema';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * A review round of the words due now, or of one lesson's words (`lessonId`): questions only, the
 * answers stay on the server (409 nothing_due when there is nothing to ask).
 */
export const startReview = ({ requestId, lessonId }: { requestId: string; lessonId?: string }) =>
  apiRequest('/review/start', {
    method: 'POST',
    schema: StartPracticeResponseSchema,
    requestId,
    ...(lessonId ? { body: { lesson_id: lessonId } } : {}),
  });

export const useStartReview = () => useMutation({ mutationFn: startReview });
