import { DueCardsResponseSchema } from '@parla/shared/practice.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { learnerKeys } from '@/lib/auth/learner-keys';

/** How many words are due now and when the next one will be (no cards: `limit=0`). */
export const getReviewDue = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiRequest('/review/users/me/spaced_repetition?limit=0', {
    schema: DueCardsResponseSchema,
    ...(signal ? { signal } : {}),
  });

// Under the learner's progress: any completion (a lesson adds cards, a review moves them) makes it stale.
export const getReviewDueQueryOptions = () =>
  queryOptions({ queryKey: [...learnerKeys.progress, 'review-due'], queryFn: ({ signal }) => getReviewDue({ signal }) });

export const useReviewDue = () => useQuery(getReviewDueQueryOptions());
