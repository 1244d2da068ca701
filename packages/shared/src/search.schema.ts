import { z } from 'zod';
import { TARGET_LANGUAGES } from './content.schema';
import { userText } from './user-text.schema';

export const SEARCH_RESULT_TYPES = ['lesson', 'vocabulary', 'friend'] as const;
/** At most this many results, best first, of every type mixed (spec §3: one list with type badges). */
export const SEARCH_LIMIT = 20;

export const SearchQuerySchema = z.object({
  q: userText().trim().min(2, 'Type at least 2 characters.').max(100, 'Type at most 100 characters.'),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

export const SearchResultSchema = z
  .object({
    id: z.string().describe('lesson: the lesson id; vocabulary: the word id; friend: the user id'),
    title: z.string().describe('lesson: its title; vocabulary: the word in the course language; friend: the name'),
    description: z
      .string()
      .describe('lesson: its description; vocabulary: the word in the native language; friend: the language they learn'),
    type: z.enum(SEARCH_RESULT_TYPES),
    difficulty: z.string().describe('lesson and vocabulary: the lesson’s; friend: the learner’s proficiency'),
    lesson_id: z.string().optional().describe('lesson and vocabulary: the lesson to start'),
    language: z
      .enum(TARGET_LANGUAGES)
      .optional()
      .describe('vocabulary: the language of the title (to listen); friend: the course they learn'),
    roman: z.string().optional().describe('vocabulary: the romanisation (ja, zh, ko, ru, ar, hi)'),
    is_following: z.boolean().optional().describe('friend: whether I follow them'),
  })
  .meta({ id: 'SearchResult' });
export type SearchResult = z.infer<typeof SearchResultSchema>;

export const SearchResponseSchema = z
  .object({ results: z.array(SearchResultSchema).max(SEARCH_LIMIT) })
  .meta({ id: 'SearchResponse' });
export type SearchResponse = z.infer<typeof SearchResponseSchema>;
