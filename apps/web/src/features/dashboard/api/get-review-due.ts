import { DueCardsResponseSchema } from '@parla/shared/practice.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { learnerKeys } from '@/lib/auth/learner-keys';

/** How many words are due for review now (the count only: `limit=0` sends no cards). */
export const getReviewDue = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiRequest('/review/users/me/spaced_repetition?limit=0', {
    schema: DueCardsResponseSchema,
    ...(signal ? { signal } : {}),
  });

// Under the learner's progress, so a lesson or review completion refreshes the count.
export const useReviewDue = () =>
  useQuery(
    queryOptions({ queryKey: [...learnerKeys.progress, 'review-due'], queryFn: ({ signal }) => getReviewDue({ signal }) }),
  );
