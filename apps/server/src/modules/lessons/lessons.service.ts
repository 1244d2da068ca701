import { checkAnswer, checkSpeech, checkWordOrder, MAX_SPEECH_ALTERNATIVES } from '@parla/shared/answers';
import type { ContentLesson, NativeLanguage, TargetLanguage } from '@parla/shared/content.schema';
import { isTargetLanguage } from '@parla/shared/content.schema';
import { AppError } from '@parla/shared/errors';
import type {
  AnswerExerciseBody,
  AnswerExerciseResponse,
  CompleteLessonResponse,
  GetLessonResponse,
  LessonSummary,
  ListLessonsResponse,
  SkipExerciseBody,
  StartLessonResponse,
} from '@parla/shared/lessons.schema';
import { accuracyPercent, dailyGoalPercent, lessonBadge, lessonXp } from '@parla/shared/scoring';
import { type LocalDate, localDate, startOfNextLocalDay } from '@parla/shared/streak';
import type { Clock } from '../../lib/clock';
import type { DomainEventBus } from '../../lib/domain-events';
import type { LearnersService } from '../learners/learners.service';
import { presentLevel } from '../progress/progress.presenter';
import { lessonCards } from '../review/review.service';
import type { ContentProvider } from './content-bank';
import { type GeneratedExercise, generateLesson } from './lesson-generator';
import type { LessonSessionRow, LessonsRepository } from './lessons.repository';

const LESSON_MINUTES = 5;

type StoredAnswer = AnswerExerciseResponse;

/** A session's stored answer to an exercise; ids come from the client, so only own keys count. */
function storedAnswer(answers: unknown, exerciseId: string): StoredAnswer | undefined {
  const byExercise = answers as Record<string, StoredAnswer> | undefined;
  return byExercise && Object.hasOwn(byExercise, exerciseId) ? byExercise[exerciseId] : undefined;
}

/** The session's own part of a completion result; the learner's totals are added as it is stored. */
type StoredCompletionScore = Pick<
  CompleteLessonResponse,
  'session_id' | 'lesson_id' | 'correct' | 'total' | 'skipped' | 'score' | 'xp_earned' | 'badge'
>;

/**
 * A completion as stored with its session: the score and the learner's totals just after it
 * (`day_xp`, `daily_goal_xp`). Results stored before skipping existed have no `skipped`; those
 * stored before the one-statement completion carry the derived fields themselves.
 */
type StoredCompletion = Omit<StoredCompletionScore, 'skipped'> & {
  skipped?: number;
  total_xp: number;
  current_streak: number;
  lessons_completed: number;
} & ({ day_xp: number; daily_goal_xp: number } | Pick<CompleteLessonResponse, 'daily_goal_percent'>);

/** The response for a stored completion: level and goal progress follow from the stored totals. */
function presentCompletion(stored: StoredCompletion): CompleteLessonResponse {
  return {
    session_id: stored.session_id,
    lesson_id: stored.lesson_id,
    correct: stored.correct,
    total: stored.total,
    skipped: stored.skipped ?? 0,
    score: stored.score,
    xp_earned: stored.xp_earned,
    badge: stored.badge,
    total_xp: stored.total_xp,
    level: presentLevel(stored.total_xp).level,
    xp_to_next_level: presentLevel(stored.total_xp).xp_to_next_level,
    current_streak: stored.current_streak,
    lessons_completed: stored.lessons_completed,
    daily_goal_percent: 'day_xp' in stored ? dailyGoalPercent(stored.day_xp, stored.daily_goal_xp) : stored.daily_goal_percent,
  };
}

/** Which skip reasons fit which exercise: only audio items can be skipped at all. */
const SKIPPABLE: Partial<Record<GeneratedExercise['exercise']['type'], readonly SkipExerciseBody['reason'][]>> = {
  listening: ['cant_listen', 'unsupported'],
  speaking: ['cant_speak', 'unsupported'],
};

const expectedText = (key: GeneratedExercise['key'], course: string) =>
  key.kind === 'tokens' ? key.tokens.join(course === 'ja' || course === 'zh' ? '' : ' ') : key.text;

export function createLessonsService({
  repo,
  learners,
  content,
  clock,
  events,
}: {
  repo: LessonsRepository;
  learners: LearnersService;
  events: DomainEventBus;
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

  /**
   * One exercise of the caller's session, with its stored record when it was already answered or
   * skipped. An unanswered exercise of a finished session cannot be answered any more.
   */
  async function findExercise(
    userId: string,
    lessonId: string,
    exerciseId: string,
    sessionId: string,
  ): Promise<{ session: LessonSessionRow; item: GeneratedExercise; stored: StoredAnswer | undefined }> {
    const session = await repo.findSession(userId, sessionId);
    if (!session || session.lessonId !== lessonId) throw new AppError('not_found', 'This lesson session does not exist.');
    const item = (session.exercises as GeneratedExercise[]).find((candidate) => candidate.exercise.id === exerciseId);
    if (!item) throw new AppError('not_found', 'This exercise is not part of the session.');
    const stored = storedAnswer(session.answers, exerciseId);
    if (!stored && session.completedAt) throw new AppError('already_completed', 'This lesson is already finished.');
    return { session, item, stored };
  }

  /** Stores the first answer (or skip) of an exercise; a concurrent second one gets the first. */
  async function record(userId: string, sessionId: string, exerciseId: string, result: StoredAnswer): Promise<StoredAnswer> {
    const saved = await repo.recordAnswer(sessionId, exerciseId, result);
    if (saved) return result;
    // Another request answered first (or finished the lesson): report what was stored.
    const latest = await repo.findSession(userId, sessionId);
    const first = storedAnswer(latest?.answers, exerciseId);
    if (first) return first;
    throw new AppError('already_completed', 'This lesson is already finished.');
  }

  function courseOf(requested: string | undefined, fallback: TargetLanguage): TargetLanguage {
    return requested && isTargetLanguage(requested) ? requested : fallback;
  }

  return {
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

    async startLesson(userId: string, lessonId: string): Promise<StartLessonResponse> {
      const learner = await learners.requireLearner(userId);
      const { nativeLanguage: native, targetLanguage: course, today } = learner;
      const lesson = lessonOrThrow(lessonId);
      const scores = await bestScores(userId, course);
      const resume = (open: LessonSessionRow): StartLessonResponse => {
        const exercises = open.exercises as GeneratedExercise[];
        return {
          session_id: open.id,
          lesson: summarise(lesson, native, scores.get(lessonId)),
          exercises: exercises.map((item) => item.exercise),
          answered: Object.keys(open.answers as Record<string, unknown>),
          results: Object.values(open.answers as Record<string, StoredAnswer>),
          resumed: true,
        };
      };
      const dailyLimitReached = () =>
        new AppError(
          'daily_limit_reached',
          'You have used today’s free lesson. Come back tomorrow or go Premium for unlimited lessons.',
          undefined,
          { resetsAt: startOfNextLocalDay(clock.now(), learner.timeZone).toISOString() },
        );

      // Coming back to an unfinished lesson of today continues it rather than using a new session.
      // These two reads only spare a refused start the lesson's generation; the start below decides.
      const open = await repo.findOpenSession(userId, lessonId, course, today);
      if (open) return resume(open);
      const allowance = learner.entitlements.lessonSessionsPerDay;
      if (allowance !== null && (await repo.countLessonSessionsOn(userId, today)) >= allowance) {
        // A start of this very lesson may have landed between the two reads: resume it then.
        const winner = await repo.findOpenSession(userId, lessonId, course, today);
        if (winner) return resume(winner);
        throw dailyLimitReached();
      }

      const seed = Math.floor(Math.random() * 2 ** 31);
      const exercises = generateLesson({ bank: content.get(), lesson, course, native, seed });
      // Starts arriving together take turns on the learner's row: one creates the session, the
      // others of the same lesson resume it, the others beyond the allowance are refused.
      const started = await repo.startLessonSession(
        {
          userId,
          kind: 'lesson',
          lessonId,
          course,
          nativeLanguage: native,
          seed,
          exercises,
          itemWords: Object.fromEntries(exercises.map((item) => [item.exercise.id, item.wordIds])),
          localDate: today,
          startedAt: clock.now(),
        },
        allowance,
      );
      if ('open' in started) return resume(started.open);
      if ('limited' in started) throw dailyLimitReached();
      return {
        session_id: started.created.id,
        lesson: summarise(lesson, native, scores.get(lessonId)),
        exercises: exercises.map((item) => item.exercise),
        answered: [],
        results: [],
        resumed: false,
      };
    },

    /** Marks one answer on the server; the first answer locks the exercise (a retry gets the same result). */
    async answerExercise(
      userId: string,
      lessonId: string,
      exerciseId: string,
      body: AnswerExerciseBody,
    ): Promise<AnswerExerciseResponse> {
      const { session, item, stored } = await findExercise(userId, lessonId, exerciseId, body.session_id);
      if (stored) return stored;

      const course = session.course as TargetLanguage;
      const explanation = { text: item.explanation, language: session.nativeLanguage };
      let result: StoredAnswer;
      if (item.key.kind === 'option') {
        if (typeof body.answer !== 'string')
          throw new AppError('validation_error', 'Answer with the id of one option.', [
            { path: 'body.answer', message: 'Expected an option id.' },
          ]);
        const correct = body.answer === item.key.optionId;
        result = {
          exercise_id: exerciseId,
          correct,
          verdict: correct ? 'exact' : 'wrong',
          expected: item.key.text,
          expected_option_id: item.key.optionId,
          explanation,
        };
      } else if (item.key.kind === 'text') {
        if (typeof body.answer !== 'string')
          throw new AppError('validation_error', 'Answer with the missing word.', [
            { path: 'body.answer', message: 'Expected text.' },
          ]);
        const check = checkAnswer(body.answer, item.key.text, item.key.alternatives, course);
        result = {
          exercise_id: exerciseId,
          correct: check.correct,
          verdict: check.verdict,
          expected: check.expected,
          explanation,
        };
      } else if (item.key.kind === 'speech') {
        const transcripts = typeof body.answer === 'string' ? [body.answer] : body.answer;
        if (transcripts.length > MAX_SPEECH_ALTERNATIVES)
          throw new AppError('validation_error', `Send at most ${MAX_SPEECH_ALTERNATIVES} transcripts.`, [
            { path: 'body.answer', message: `Expected at most ${MAX_SPEECH_ALTERNATIVES} transcripts.` },
          ]);
        const check = checkSpeech(transcripts, item.key.text, item.key.alternatives, course);
        result = {
          exercise_id: exerciseId,
          correct: check.correct,
          verdict: check.verdict,
          expected: check.expected,
          similarity: check.similarity,
          heard: check.heard,
          explanation,
        };
      } else {
        if (!Array.isArray(body.answer))
          throw new AppError('validation_error', 'Answer with the words in order.', [
            { path: 'body.answer', message: 'Expected a list of words.' },
          ]);
        const correct = checkWordOrder(body.answer, item.key.tokens, course);
        result = {
          exercise_id: exerciseId,
          correct,
          verdict: correct ? 'exact' : 'wrong',
          expected: expectedText(item.key, course),
          explanation,
        };
      }
      return record(userId, session.id, exerciseId, result);
    },

    /**
     * Skips a listening or speaking item (no sound, no microphone, no browser support). The skip
     * locks the item like an answer does, and the item then counts neither for nor against the
     * score. Skipping again returns the same record; an item already answered keeps its answer.
     */
    async skipExercise(
      userId: string,
      lessonId: string,
      exerciseId: string,
      body: SkipExerciseBody,
    ): Promise<AnswerExerciseResponse> {
      const { session, item, stored } = await findExercise(userId, lessonId, exerciseId, body.session_id);
      const allowed = SKIPPABLE[item.exercise.type];
      if (!allowed)
        throw new AppError('bad_request', 'Only listening and speaking exercises can be skipped.', [
          { path: 'params.exerciseId', message: `A ${item.exercise.type} exercise cannot be skipped.` },
        ]);
      if (!allowed.includes(body.reason))
        throw new AppError('validation_error', `A ${item.exercise.type} exercise cannot be skipped for "${body.reason}".`, [
          { path: 'body.reason', message: `Expected one of: ${allowed.join(', ')}.` },
        ]);
      if (stored) return stored;
      return record(userId, session.id, exerciseId, {
        exercise_id: exerciseId,
        correct: false,
        verdict: 'skipped',
        skipped: body.reason,
        expected: expectedText(item.key, session.course),
        explanation: { text: item.explanation, language: session.nativeLanguage },
      });
    },

    /**
     * Scores the session and awards XP, the lesson count, the streak, the day's activity, the
     * lesson's best score and the review cards, all in one statement. Completing the same session
     * again (a retry, an offline sync, concurrent replays) returns the same result and awards nothing.
     * Two round trips: one read of what scoring needs, one write.
     */
    async completeLesson(userId: string, lessonId: string, sessionId: string): Promise<CompleteLessonResponse> {
      const lesson = content.get().lessonsById.get(lessonId);
      const wordIds = lesson?.words.map((word) => word.id) ?? [];
      const input = await repo.findCompletionInput(userId, sessionId);
      if (!lesson || !input || input.lesson_id !== lessonId)
        throw new AppError('not_found', 'This lesson session does not exist.');
      if (input.completed && input.result) return presentCompletion(input.result as StoredCompletion);
      const items = input.items ?? [];
      // XP is for work done: a lesson is finished once every item is answered or skipped.
      const open = items.filter((item) => !item.answered).length;
      if (open > 0) {
        throw new AppError('lesson_unfinished', `Answer or skip every exercise before finishing the lesson (${open} left).`);
      }

      const now = clock.now();
      // Skipped audio items count neither way.
      const skipped = items.filter((item) => item.skipped).length;
      const total = items.length - skipped;
      const correct = items.filter((item) => item.correct).length;
      const score = accuracyPercent(correct, total);
      const xp = lessonXp(score);
      const today = localDate(now, input.timezone);
      const result: StoredCompletionScore = {
        session_id: sessionId,
        lesson_id: lessonId,
        correct,
        total,
        skipped,
        score,
        xp_earned: xp,
        badge: lessonBadge(score),
      };
      const written = await repo.completeSession({
        sessionId,
        userId,
        award: {
          userId,
          sourceKind: 'lesson',
          sourceId: sessionId,
          xp,
          at: now,
          localDate: today,
          before: { current: input.current_streak, lastActiveDate: input.last_active_date as LocalDate | null },
        },
        course: input.course,
        lessonId,
        score,
        result,
        // The lesson's words join the review deck; the ones asked about are graded by the answer.
        cards: Object.fromEntries(
          lessonCards(
            wordIds,
            input.cards ?? [],
            items.flatMap((item) => item.word_ids.map((wordId) => ({ wordId, correct: item.correct }))),
            now,
          ).map(({ word_id, ...card }) => [word_id, card]),
        ),
      });
      if (written) {
        void events.committed(written.events);
        return presentCompletion(written.result as StoredCompletion);
      }
      // Another request completed the session first: answer with what it stored.
      const finished = await repo.findCompletionInput(userId, sessionId);
      if (finished?.completed && finished.result) return presentCompletion(finished.result as StoredCompletion);
      throw new AppError('not_found', 'This lesson session does not exist.');
    },
  };
}

export type LessonsService = ReturnType<typeof createLessonsService>;
