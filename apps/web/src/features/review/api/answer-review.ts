import { type AnswerPracticeBody, AnswerPracticeResponseSchema } from '@parla/shared/practice.schema';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export interface AnswerReviewInput {
  sessionId: string;
  body: AnswerPracticeBody;
  /** One id per answer, kept on retries so the server grades the card once. */
  requestId: string;
}

/** Marks one word; the server grades its FSRS card (right: "Good", wrong: "Again"). */
export const answerReview = ({ sessionId, body, requestId }: AnswerReviewInput) =>
  apiRequest(`/review/sessions/${encodeURIComponent(sessionId)}/answer`, {
    method: 'POST',
    body,
    schema: AnswerPracticeResponseSchema,
    requestId,
  });

export const useAnswerReview = () => useMutation({ mutationFn: answerReview });
