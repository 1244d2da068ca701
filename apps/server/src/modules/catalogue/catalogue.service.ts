import type { ContentLesson, NativeLanguage, TargetLanguage } from '@parla/shared/content.schema';
import { isTargetLanguage } from '@parla/shared/content.schema';
import { AppError } from '@parla/shared/errors';
import type {
  DailyAllowance,
  GetLessonResponse,
  LessonState,
  LessonSummary,
  ListLessonsResponse,
} from '@parla/shared/lessons.schema';
import { lessonXp } from '@parla/shared/scoring';
import { startOfNextLocalDay } from '@parla/shared/streak';
import type { Clock } from '../../lib/clock';
import type { Learner, LearnersService } from '../learners/learners.service';
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
  clock,
}: {
  repo: CatalogueRepository;
  learners: LearnersService;
  content: ContentProvider;
  clock: Clock;
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

  /**
   * Each lesson's place on the course map. Units open in order: the unit of the first lesson not
   * done (`next`) and every unit before it, or any unit where the learner has finished a lesson
   * (reached through search), are open; the lessons of later units are `locked`. A lock guides, it
   * does not forbid: starting a lesson (modules/sessions) does not check it.
   */
  function lessonStates(completed: ReadonlySet<string>): Map<string, LessonState> {
    const units = content.get().units;
    let reached = -1;
    let nextId: string | undefined;
    units.forEach((unit, index) => {
      for (const lesson of unit.lessons) {
        if (completed.has(lesson.id)) reached = Math.max(reached, index);
        else if (nextId === undefined) {
          nextId = lesson.id;
          reached = Math.max(reached, index);
        }
      }
    });
    const states = new Map<string, LessonState>();
    units.forEach((unit, index) => {
      for (const lesson of unit.lessons) {
        states.set(
          lesson.id,
          completed.has(lesson.id) ? 'done' : lesson.id === nextId ? 'next' : index <= reached ? 'open' : 'locked',
        );
      }
    });
    return states;
  }

  /** The first three lessons of the curriculum not completed yet and not locked. */
  function nextLessons(native: NativeLanguage, completed: ReadonlySet<string>): LessonSummary[] {
    const states = lessonStates(completed);
    const next: LessonSummary[] = [];
    for (const lesson of lessonsInOrder()) {
      const state = states.get(lesson.id);
      if (state === 'done' || state === 'locked') continue;
      next.push(summarise(lesson, native, undefined));
      if (next.length === 3) break;
    }
    return next;
  }

  /** Up to `limit` finished lessons to replay: the lowest best score first, then course order. */
  function reviewLessons(native: NativeLanguage, scores: ReadonlyMap<string, number>, limit = 2): LessonSummary[] {
    return lessonsInOrder()
      .filter((lesson) => scores.has(lesson.id))
      .map((lesson, order) => ({ lesson, order, score: scores.get(lesson.id) ?? 0 }))
      .sort((a, b) => a.score - b.score || a.order - b.order)
      .slice(0, limit)
      .map(({ lesson, score }) => summarise(lesson, native, score));
  }

  /** The day's allowance: sessions left (null: unlimited), the next local midnight, lessons to continue. */
  async function dailyAllowance(learner: Learner, course: string): Promise<DailyAllowance> {
    const allowance = learner.entitlements.lessonSessionsPerDay;
    const [used, unfinished] = await Promise.all([
      allowance === null ? 0 : repo.countLessonSessionsOn(learner.userId, learner.today),
      repo.findUnfinishedOn(learner.userId, course, learner.today),
    ]);
    return {
      lessons_left_today: allowance === null ? null : Math.max(0, allowance - used),
      resets_at: startOfNextLocalDay(clock.now(), learner.timeZone).toISOString(),
      unfinished_today: unfinished,
    };
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
      const learner = await learners.requireLearner(userId);
      const { nativeLanguage: native, targetLanguage: current } = learner;
      const course = courseOf(language, current);
      const [scores, daily] = await Promise.all([bestScores(userId, course), dailyAllowance(learner, course)]);
      const states = lessonStates(new Set(scores.keys()));
      return {
        course,
        units: content.get().units.map((unit) => {
          const seen = new Set<string>();
          const words = unit.lessons
            .flatMap((lesson) => lesson.words)
            .filter((word) => !seen.has(word.id) && seen.add(word.id))
            .map((word) => ({
              id: word.id,
              text: word.forms[course].text,
              ...(word.forms[course].roman ? { roman: word.forms[course].roman } : {}),
              translation: word.forms[native].text,
            }));
          return {
            id: unit.id,
            title: unit.title[native],
            icon: unit.icon,
            lessons: unit.lessons.map((lesson) => ({
              ...summarise(lesson, native, scores.get(lesson.id)),
              state: states.get(lesson.id) ?? 'locked',
            })),
            words,
          };
        }),
        daily,
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
    reviewLessons,

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
