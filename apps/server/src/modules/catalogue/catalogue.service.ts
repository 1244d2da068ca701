import type { ContentLesson, NativeLanguage, TargetLanguage } from '@parla/shared/content.schema';
import { isTargetLanguage } from '@parla/shared/content.schema';
import { AppError } from '@parla/shared/errors';
import type { GetLessonResponse, LessonSummary, ListLessonsResponse } from '@parla/shared/lessons.schema';
import { lessonXp } from '@parla/shared/scoring';
import type { LearnersService } from '../learners/learners.service';
import type { CatalogueRepository } from './catalogue.repository';
import type { ContentProvider } from './content-bank';

const LESSON_MINUTES = 5;

/**
 * The course as a learner browses it: units and lessons in curriculum order with their best
 * scores, a lesson's words and note, what to take next, and search. Reads only; the sessions
 * module (modules/sessions) takes lessons.
 */
export function createCatalogueService({
  repo,
  learners,
  content,
}: {
  repo: CatalogueRepository;
  learners: LearnersService;
  content: ContentProvider;
}) {
  function lessonOrThrow(lessonId: string): ContentLesson {
    const lesson = content.get().lessonsById.get(lessonId);
    if (!lesson) throw new AppError('not_found', `There is no lesson "${lessonId}".`);
    return lesson;
  }

  function summarise(lesson: ContentLesson, native: NativeLanguage, bestScore: number | undefined): LessonSummary {
    const unit = content.get().unitsById.get(lesson.unitId);
    return {
      id: lesson.id,
      unit_id: lesson.unitId,
      title: lesson.title[native],
      description: lesson.description[native],
      difficulty: 'beginner',
      duration: LESSON_MINUTES,
      xp_reward: lessonXp(100),
      completed: bestScore !== undefined,
      progress: bestScore ?? 0,
      category: unit?.title[native] ?? lesson.unitId,
      icon: unit?.icon ?? '📘',
    };
  }

  /** Every lesson in curriculum order, worked out once per loaded content bank. */
  const curricula = new WeakMap<object, readonly ContentLesson[]>();
  function lessonsInOrder(): readonly ContentLesson[] {
    const bank = content.get();
    let lessons = curricula.get(bank);
    if (!lessons) {
      lessons = bank.units.flatMap((unit) => unit.lessons);
      curricula.set(bank, lessons);
    }
    return lessons;
  }

  /** The first three lessons of the curriculum not completed yet. */
  function nextLessons(native: NativeLanguage, completed: ReadonlySet<string>): LessonSummary[] {
    const next: LessonSummary[] = [];
    for (const lesson of lessonsInOrder()) {
      if (completed.has(lesson.id)) continue;
      next.push(summarise(lesson, native, undefined));
      if (next.length === 3) break;
    }
    return next;
  }

  async function bestScores(userId: string, course: string): Promise<Map<string, number>> {
    return new Map((await repo.findProgress(userId, course)).map((row) => [row.lessonId, row.bestScore]));
  }

  function courseOf(requested: string | undefined, fallback: TargetLanguage): TargetLanguage {
    return requested && isTargetLanguage(requested) ? requested : fallback;
  }

  return {
    lessonOrThrow,
    summarise,
    bestScores,

    async listLessons(userId: string, language?: string): Promise<ListLessonsResponse> {
      const { nativeLanguage: native, targetLanguage: current } = await learners.requireLearner(userId);
      const course = courseOf(language, current);
      const scores = await bestScores(userId, course);
      return {
        course,
        units: content.get().units.map((unit) => ({
          id: unit.id,
          title: unit.title[native],
          icon: unit.icon,
          lessons: unit.lessons.map((lesson) => summarise(lesson, native, scores.get(lesson.id))),
        })),
      };
    },

    async getLesson(userId: string, lessonId: string, language?: string): Promise<GetLessonResponse> {
      const { nativeLanguage: native, targetLanguage: current } = await learners.requireLearner(userId);
      const course = courseOf(language, current);
      const lesson = lessonOrThrow(lessonId);
      const note = content.get().unitsById.get(lesson.unitId)?.notes[course];
      const noteText = note?.[native] ?? note?.en ?? '';
      return {
        ...summarise(lesson, native, (await bestScores(userId, course)).get(lesson.id)),
        course,
        words: lesson.words.map((word) => ({
          id: word.id,
          text: word.forms[course].text,
          ...(word.forms[course].roman ? { roman: word.forms[course].roman } : {}),
          translation: word.forms[native].text,
        })),
        note: { text: noteText, language: note?.[native] ? native : 'en' },
      };
    },

    /** The first three lessons of the course not completed yet, in curriculum order. */
    async recommended(userId: string): Promise<LessonSummary[]> {
      const { nativeLanguage: native, targetLanguage: course } = await learners.requireLearner(userId);
      return nextLessons(native, new Set((await bestScores(userId, course)).keys()));
    },

    nextLessons,

    async search(userId: string, query: string, language?: string) {
      const { nativeLanguage: native, targetLanguage: current } = await learners.requireLearner(userId);
      const course = courseOf(language, current);
      const needle = query.toLocaleLowerCase(native);
      const matches = (text: string) => text.toLocaleLowerCase(native).includes(needle);
      const results: {
        id: string;
        title: string;
        description: string;
        type: 'lesson' | 'vocabulary';
        difficulty: string;
        lesson_id: string;
      }[] = [];
      for (const lesson of lessonsInOrder()) {
        if (matches(lesson.title[native]) || matches(lesson.description[native])) {
          results.push({
            id: lesson.id,
            title: lesson.title[native],
            description: lesson.description[native],
            type: 'lesson',
            difficulty: 'beginner',
            lesson_id: lesson.id,
          });
        }
        for (const word of lesson.words) {
          if (matches(word.forms[native].text) || matches(word.forms[course].text)) {
            results.push({
              id: `${lesson.id}:${word.id}`,
              title: word.forms[course].text,
              description: word.forms[native].text,
              type: 'vocabulary',
              difficulty: 'beginner',
              lesson_id: lesson.id,
            });
          }
        }
      }
      return { results: results.slice(0, 50) };
    },
  };
}

export type CatalogueService = ReturnType<typeof createCatalogueService>;
