import { ListLessonsResponseSchema } from '@parla/shared/lessons.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { learnerKeys } from '@/lib/auth/learner-keys';

/** The course's units and lessons with their states, the units' words and the day's allowance. */
export const getCourseMap = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiRequest('/lessons', { schema: ListLessonsResponseSchema, ...(signal ? { signal } : {}) });

// Under the learner's progress: a completion or a course change anywhere makes it stale.
export const getCourseMapQueryOptions = () =>
  queryOptions({ queryKey: [...learnerKeys.progress, 'course-map'], queryFn: ({ signal }) => getCourseMap({ signal }) });

export const useCourseMap = () => useQuery(getCourseMapQueryOptions());
