import { StartPracticeResponseSchema } from '@parla/shared/practice.schema';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** A new quick-practice session: questions only, the answers stay on the server. */
export const startPractice = ({ requestId }: { requestId: string }) =>
  apiRequest('/practice/start', { method: 'POST', schema: StartPracticeResponseSchema, requestId });

export const useStartPractice = () => useMutation({ mutationFn: startPractice });
