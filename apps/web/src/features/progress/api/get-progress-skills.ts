import { ProgressSkillsResponseSchema } from '@parla/shared/progress.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { learnerKeys } from '@/lib/auth/learner-keys';

/** The four skills, the course’s units and the review deck. */
export const getProgressSkills = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiRequest('/progress/me/skills', { schema: ProgressSkillsResponseSchema, ...(signal ? { signal } : {}) });

// Under the learner's progress: a finished lesson, practice or review anywhere makes it stale.
export const getProgressSkillsQueryOptions = () =>
  queryOptions({
    queryKey: [...learnerKeys.progress, 'progress-skills'],
    queryFn: ({ signal }) => getProgressSkills({ signal }),
  });

export const useProgressSkills = () => useQuery(getProgressSkillsQueryOptions());
