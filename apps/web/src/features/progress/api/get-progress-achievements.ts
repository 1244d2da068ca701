import { AchievementsResponseSchema } from '@parla/shared/achievements';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { learnerKeys } from '@/lib/auth/learner-keys';

/** Every achievement of the catalogue: earned (when) or how far along. */
export const getProgressAchievements = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiRequest('/progress/me/achievements', { schema: AchievementsResponseSchema, ...(signal ? { signal } : {}) });

// Under the learner's progress: a finished lesson, practice or review anywhere makes it stale.
export const getProgressAchievementsQueryOptions = () =>
  queryOptions({
    queryKey: [...learnerKeys.progress, 'progress-achievements'],
    queryFn: ({ signal }) => getProgressAchievements({ signal }),
  });

export const useProgressAchievements = () => useQuery(getProgressAchievementsQueryOptions());
