import { ListLanguagesResponseSchema } from '@parla/shared/lessons.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** The 12 courses, named and described in the interface language. */
export const getCourses = ({ language, signal }: { language: string; signal?: AbortSignal }) =>
  apiRequest(`/languages?lang=${encodeURIComponent(language)}`, {
    schema: ListLanguagesResponseSchema,
    ...(signal ? { signal } : {}),
  });

export const getCoursesQueryOptions = (language: string) =>
  queryOptions({ queryKey: ['languages', language], queryFn: ({ signal }) => getCourses({ language, signal }) });

export const useCourses = (language: string) => useQuery(getCoursesQueryOptions(language));
