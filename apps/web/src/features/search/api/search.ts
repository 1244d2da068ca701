import { SearchResponseSchema, type SearchResult } from '@parla/shared/search.schema';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { learnerKeys } from '@/lib/auth/learner-keys';

/** Spec §5: a search runs at 2 or more characters (the server answers 422 below that). */
export const SEARCH_MIN_LENGTH = 2;

/** The answer to one query, with the query it answers (a kept earlier answer says which it was). */
export interface SearchAnswer {
  query: string;
  results: SearchResult[];
}

/** GET /search: the learner's course's lessons, words and learners matching `query`, best first. */
export const getSearch = async ({ query, signal }: { query: string; signal?: AbortSignal }): Promise<SearchAnswer> => {
  const answer = await apiRequest(`/search?${new URLSearchParams({ q: query })}`, {
    schema: SearchResponseSchema,
    ...(signal ? { signal } : {}),
  });
  return { query, results: answer.results };
};

// Under the learner's progress: a course change (or a new lesson done) changes what is found.
export const searchQueryOptions = (query: string) =>
  queryOptions({
    queryKey: [...learnerKeys.progress, 'search', query],
    queryFn: ({ signal }) => getSearch({ query, signal }),
    enabled: query.length >= SEARCH_MIN_LENGTH,
    staleTime: 60_000,
    // While the next query loads, the list shows the last answer rather than flashing empty.
    placeholderData: keepPreviousData,
  });

/** The results for `query` (already trimmed and debounced); nothing is asked below 2 characters. */
export const useSearch = (query: string) => useQuery(searchQueryOptions(query));
