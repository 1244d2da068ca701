import type { TargetLanguage } from '@parla/shared/content.schema';
import { AppError } from '@parla/shared/errors';
import type {
  AnswerExerciseBody,
  AnswerExerciseResponse,
  CompleteLessonResponse,
  Exercise,
  SkipExerciseBody,
  StartLessonResponse,
} from '@parla/shared/lessons.schema';
import { accuracyPercent, dailyGoalPercent, lessonBadge, lessonXp } from '@parla/shared/scoring';
import { type LocalDate, localDate, startOfNextLocalDay, streakPause } from '@parla/shared/streak';
import type { Clock } from '../../lib/clock';
import type { DomainEventBus } from '../../lib/domain-events';
import type { CatalogueService } from '../catalogue/catalogue.service';
import type { ContentProvider } from '../catalogue/content-bank';
import { learnerGone, learnerOf } from '../learners/learners.service';
import { markAnswer, markSkip } from '../marking/marking';
import { presentLevel } from '../progress/progress.presenter';
import { lessonCards } from '../review/review.service';
import type { GeneratedExercise } from './lesson-generator';
import { LESSON_VARIANTS, type LessonVariants } from './lesson-variants';
import type { OpenLessonSession, SessionsRepository } from './sessions.repository';

type StoredAnswer = AnswerExerciseResponse;

/** Text a jsonb value can hold: no NUL and no unpaired surrogate. */
const storableText = (text: string) =>
  !text.includes('\u0000') && !/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text);

/** The session's own part of a completion result; the learner's totals are added as it is stored. */
type StoredCompletionScore = Pick<
  CompleteLessonResponse,
  'session_id' | 'lesson_id' | 'correct' | 'total' | 'skipped' | 'score' | 'xp_earned' | 'badge'
>;

/**
 * A completion as stored with its session: the score and the learner's totals just after it
 * (`day_xp`, `daily_goal_xp`; migration 0013 gave older results the same shape).
 */
type StoredCompletion = StoredCompletionScore & {
  total_xp: number;
  current_streak: number;
  lessons_completed: number;
  day_xp: number;
  daily_goal_xp: number;
  /** Since ADR 024; absent from results stored before. */
  achievements_earned?: CompleteLessonResponse['achievements_earned'];
};

/** The response for a stored completion: level and goal progress follow from the stored totals. */
function presentCompletion(stored: StoredCompletion): CompleteLessonResponse {
  return {
    session_id: stored.session_id,
    lesson_id: stored.lesson_id,
    correct: stored.correct,
    total: stored.total,
    skipped: stored.skipped,
    score: stored.score,
    xp_earned: stored.xp_earned,
    badge: stored.badge,
    total_xp: stored.total_xp,
    level: presentLevel(stored.total_xp).level,
    xp_to_next_level: presentLevel(stored.total_xp).xp_to_next_level,
    current_streak: stored.current_streak,
    lessons_completed: stored.lessons_completed,
    daily_goal_percent: dailyGoalPercent(stored.day_xp, stored.daily_goal_xp),
    achievements_earned: stored.achievements_earned ?? [],
  };
}

/**
 * A lesson taken: its session started (or resumed) within the plan's daily allowance, each answer
 * marked on the server (modules/marking) and locked by the first one, and the completion that
 * scores it and pays its XP through modules/progress.
 */
export function createLessonSessionsService({
  repo,
  variants,
  catalogue,
  content,
  clock,
  events,
}: {
  repo: SessionsRepository;
  variants: LessonVariants;
  catalogue: CatalogueService;
  content: ContentProvider;
  clock: Clock;
  events: DomainEventBus;
}) {
  /**
   * One exercise of the caller's session, with its stored record when it was already answered or
   * skipped. An unanswered exercise of a finished session cannot be answered any more. Only that
   * exercise is read, not the whole generated lesson (ADR 032).
   */
  async function findExercise(
    userId: string,
    lessonId: string,
    exerciseId: string,
    sessionId: string,
  ): Promise<{ course: string; item: GeneratedExercise; stored: StoredAnswer | undefined }> {
    // The generator names exercises `ex1`…: an id jsonb cannot hold (a NUL, half a surrogate pair) is in no session.
    if (!storableText(exerciseId)) throw new AppError('not_found', 'This exercise is not part of the session.');
    const found = await repo.findAnswerInput(userId, sessionId, exerciseId);
    if (!found || found.lesson_id !== lessonId) throw new AppError('not_found', 'This lesson session does not exist.');
    const item = found.variant_id
      ? (await variants.find(found.variant_id))?.items.get(exerciseId)
      : (found.item as GeneratedExercise | null);
    if (!item) throw new AppError('not_found', 'This exercise is not part of the session.');
    const stored = (found.stored ?? undefined) as StoredAnswer | undefined;
    if (!stored && found.completed) throw new AppError('already_completed', 'This lesson is already finished.');
    return { course: found.course, item, stored };
  }

  /** Stores the first answer (or skip) of an exercise; a concurrent second one gets the first. */
  async function record(userId: string, sessionId: string, exerciseId: string, result: StoredAnswer): Promise<StoredAnswer> {
    const saved = await repo.recordAnswer(sessionId, exerciseId, result);
    if (saved) return result;
    // Another request answered first (or finished the lesson): report what was stored.
    const first = (await repo.findAnswerInput(userId, sessionId, exerciseId))?.stored as StoredAnswer | null | undefined;
    if (first) return first;
    throw new AppError('already_completed', 'This lesson is already finished.');
  }

  return {
    async startLesson(userId: string, lessonId: string): Promise<StartLessonResponse> {
      const now = clock.now();
      const lesson = catalogue.lessonOrThrow(lessonId);
      // One read shared with concurrent starts (ADR 032): the learner, the lesson's best score, and
      // around today the days with an open session of the lesson and the sessions of each day.
      const input = await repo.findStartInput(userId, lessonId, now.toISOString().slice(0, 10));
      if (!input) throw learnerGone();
      const learner = learnerOf(userId, input, now);
      const { nativeLanguage: native, targetLanguage: course, today } = learner;
      const bestScore = input.best_score ?? undefined;
      const resume = (session: OpenLessonSession): StartLessonResponse => ({
        session_id: session.id,
        lesson: catalogue.summarise(lesson, native, bestScore),
        exercises: session.exercises,
        answered: Object.keys(session.answers),
        results: Object.values(session.answers),
        resumed: true,
      });
      const dailyLimitReached = () =>
        new AppError(
          'daily_limit_reached',
          'You have used today’s free lesson. Come back tomorrow or go Premium for unlimited lessons.',
          undefined,
          { resetsAt: startOfNextLocalDay(now, learner.timeZone).toISOString() },
        );
      const allowance = learner.entitlements.lessonSessionsPerDay;
      const start = { userId, lessonId, course, localDate: today, nativeLanguage: native, startedAt: now, allowance };

      // Coming back to an unfinished lesson of today continues it rather than using a new session;
      // at the allowance, a start of this very lesson may have landed since the read. The write
      // decides (it locks the learner first); the read only spares those starts a generation.
      const limitReached = allowance !== null && (input.used_by_day[today] ?? 0) >= allowance;
      if (input.open_days.includes(today) || limitReached) {
        const found = await repo.startLessonSession({ ...start, seed: 0, variant: null });
        if ('open' in found) return resume(found.open);
        // The open session was finished meanwhile: a new one, if the allowance has room.
        if (limitReached) throw dailyLimitReached();
      }

      // One of the lesson's few variants, generated once per replica and stored once (ADR 032).
      const seed = Math.floor(Math.random() * LESSON_VARIANTS);
      const variant = variants.draw({ bank: content.get(), lesson, course, native, textLanguage: learner.textLanguage }, seed);
      // Starts arriving together take turns on the learner's row: one creates the session, the
      // others of the same lesson resume it, the others beyond the allowance are refused.
      const started = await repo.startLessonSession({ ...start, seed, variant });
      if ('open' in started) return resume(started.open);
      if (!('created' in started)) throw dailyLimitReached();
      return {
        session_id: started.created.id,
        lesson: catalogue.summarise(lesson, native, bestScore),
        exercises: variant.exercises as Exercise[],
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
      const { course, item, stored } = await findExercise(userId, lessonId, exerciseId, body.session_id);
      if (stored) return stored;
      // Written in the exercise's instruction language (the learner's text language when it was made).
      const explanation = { text: item.explanation, language: item.exercise.instruction_language };
      const result = markAnswer(item, body.answer, course as TargetLanguage, explanation);
      return record(userId, body.session_id, exerciseId, result);
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
      const { course, item, stored } = await findExercise(userId, lessonId, exerciseId, body.session_id);
      const skip = markSkip(item, body.reason, course, {
        text: item.explanation,
        language: item.exercise.instruction_language,
      });
      if (stored) return stored;
      return record(userId, body.session_id, exerciseId, skip);
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
          before: {
            current: input.current_streak,
            lastActiveDate: input.last_active_date as LocalDate | null,
            freezes: input.streak_freezes,
          },
          vacation: streakPause(input.vacation_start, input.vacation_until),
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

export type LessonSessionsService = ReturnType<typeof createLessonSessionsService>;
