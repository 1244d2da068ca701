import { ListLanguagesResponseSchema } from '@parla/shared/lessons.schema';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';

/**
 * The 12 courses (GET /languages), named and described in the interface language: profile setup
 * and language selection both choose from them. A public list, asked for without the session.
 */
export const getCourses = ({ language, signal }: { language: string; signal?: AbortSignal }) =>
  apiRequest(`/languages?lang=${encodeURIComponent(language)}`, {
    schema: ListLanguagesResponseSchema,
    anonymous: true,
    ...(signal ? { signal } : {}),
  });

export const getCoursesQueryOptions = (language: string) =>
  queryOptions({ queryKey: ['languages', language], queryFn: ({ signal }) => getCourses({ language, signal }) });

export const useCourses = (language: string) => useQuery(getCoursesQueryOptions(language));
