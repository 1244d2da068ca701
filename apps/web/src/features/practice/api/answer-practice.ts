import { type AnswerPracticeBody, AnswerPracticeResponseSchema } from '@parla/shared/practice.schema';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export interface AnswerPracticeInput {
  sessionId: string;
  body: AnswerPracticeBody;
  /** One id per answer, kept on retries so the server marks it once. */
  requestId: string;
}

/** Marks one question; `answer: null` is a time-out (counted as wrong). */
export const answerPractice = ({ sessionId, body, requestId }: AnswerPracticeInput) =>
  apiRequest(`/practice/${encodeURIComponent(sessionId)}/answer`, {
    method: 'POST',
    body,
    schema: AnswerPracticeResponseSchema,
    requestId,
  });

export const useAnswerPractice = () => useMutation({ mutationFn: answerPractice });
