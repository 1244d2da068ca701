import type { ContentBank } from '@parla/content/load-content';
import { isTargetLanguage } from '@parla/shared/content.schema';
import { SEARCH_LIMIT, type SearchResponse, type SearchResult } from '@parla/shared/search.schema';
import type { CatalogueService } from '../catalogue/catalogue.service';
import type { ContentProvider } from '../catalogue/content-bank';
import type { LearnersService } from '../learners/learners.service';
import type { SearchRepository } from './search.repository';
import { searchEntriesOf } from './search-entries';

/**
 * GET /search: lessons of the learner's course by title and description in their native language,
 * words by their form in the course language (with its romanisation) or the native one, and
 * learners by name, never a private one or one blocked either way (ADR 028).
 */
export function createSearchService({
  repo,
  learners,
  catalogue,
  content,
}: {
  repo: SearchRepository;
  learners: LearnersService;
  catalogue: CatalogueService;
  content: ContentProvider;
}) {
  // The index is checked (and refilled if the content changed) once per process and content bank,
  // on the first search, so start-up and health checks do not wait for it.
  const indexed = new WeakMap<ContentBank, Promise<void>>();
  function ensureIndexed(): Promise<void> {
    const bank = content.get();
    let ready = indexed.get(bank);
    if (!ready) {
      const { entries, hash } = searchEntriesOf(bank);
      ready = repo.refillEntries(hash, entries).then(() => undefined);
      // A failure (the database away) is not remembered: the next search tries again.
      ready.catch(() => indexed.delete(bank));
      indexed.set(bank, ready);
    }
    return ready;
  }

  return {
    ensureIndexed,

    async search(userId: string, query: string): Promise<SearchResponse> {
      const [learner] = await Promise.all([learners.requireLearner(userId), ensureIndexed()]);
      const { nativeLanguage: native, targetLanguage: course } = learner;
      const bank = content.get();
      const [contentMatches, people] = await Promise.all([
        repo.findContentMatches(query, native, course, SEARCH_LIMIT),
        repo.findPeopleMatches(query, userId, SEARCH_LIMIT),
      ]);
      // One list, best first (spec §2: one results list with type badges); on a tie lessons, then
      // words, then people, each in its own order (the sort is stable).
      const matches = [...contentMatches, ...people]
        .sort((a, b) => a.tier - b.tier || b.similarity - a.similarity)
        .slice(0, SEARCH_LIMIT);
      const results: SearchResult[] = [];
      for (const match of matches) {
        if (match.kind === 'person') {
          results.push({
            id: match.userId,
            title: match.fullName,
            description: isTargetLanguage(match.course) ? (bank.languagesByCode.get(match.course)?.name[native] ?? '') : '',
            type: 'friend',
            difficulty: match.proficiency,
            ...(isTargetLanguage(match.course) ? { language: match.course } : {}),
            is_following: match.isFollowing,
          });
          continue;
        }
        if (match.kind === 'lesson') {
          const lesson = bank.lessonsById.get(match.ref);
          if (!lesson) continue;
          const summary = catalogue.summarise(lesson, native, undefined);
          results.push({
            id: lesson.id,
            title: summary.title,
            description: summary.description,
            type: 'lesson',
            difficulty: summary.difficulty,
            lesson_id: lesson.id,
          });
          continue;
        }
        const word = bank.wordsById.get(match.ref);
        const lesson = word && bank.lessonsById.get(word.lessonId);
        if (!word || !lesson) continue;
        const form = word.forms[course];
        results.push({
          id: word.id,
          title: form.text,
          description: word.forms[native].text,
          type: 'vocabulary',
          difficulty: catalogue.summarise(lesson, native, undefined).difficulty,
          lesson_id: lesson.id,
          language: course,
          ...(form.roman ? { roman: form.roman } : {}),
        });
      }
      return { results };
    },
  };
}

export type SearchService = ReturnType<typeof createSearchService>;
