import type { AnswerExerciseResponse, Exercise } from '@parla/shared/lessons.schema';
import { and, eq } from 'drizzle-orm';
import type { DatabaseHandle } from '../../db/client';
import { type DeckCard, lessonSessions, lessonVariants } from '../../db/schema/index';
import { createStatementBatcher } from '../../db/statement-batcher';
import { prepareStatement, runStatement } from '../../db/statements';
import type { DomainEvent, DomainEventBus } from '../../lib/domain-events';
import { LESSON_SESSIONS_WORTH_COUNTING } from '../learners/entitlements';
import { type Award, awardEvents, planAwards } from '../progress/awards';
import type { LessonVariant } from './lesson-variants';
import { asSession, type Session } from './session-kinds';
import { completeLessons } from './sql/complete-lessons.sql';
import { completePractice } from './sql/complete-practice.sql';
import { type LessonAnswerInput, lessonAnswerInputs } from './sql/lesson-answer-inputs.sql';
import { type CompletionInput, lessonCompletionInputs } from './sql/lesson-completion-inputs.sql';
import { type LessonStartInput, lessonStartInputs, startLessonSessions } from './sql/lesson-start.sql';
import { findLessonVariants } from './sql/lesson-variants.sql';
import { recordAnswers } from './sql/record-answers.sql';

/** What one completion writes; see sessions/sql/complete-lessons.sql.ts. */
export interface CompletionChange {
  sessionId: string;
  userId: string;
  /** The XP it earns, with the instant and local day of the completion (modules/progress). */
  award: Award;
  course: string;
  lessonId: string;
  score: number;
  result: object;
  /** The cards to write: word id → card. */
  cards: Record<string, DeckCard>;
}

/** An open lesson session as a resume sends it: the exercises without their keys, and the answers so far. */
export interface OpenLessonSession {
  id: string;
  exercises: Exercise[];
  answers: Record<string, AnswerExerciseResponse>;
}

const openOf = (row: {
  open_id: string | null;
  open_exercises: unknown[] | null;
  open_answers: Record<string, unknown> | null;
}): OpenLessonSession | undefined =>
  row.open_id === null
    ? undefined
    : {
        id: row.open_id,
        exercises: (row.open_exercises ?? []) as Exercise[],
        answers: (row.open_answers ?? {}) as Record<string, AnswerExerciseResponse>,
      };

/** A lesson start as written: with `variant: null` it only resumes the lesson's open session. */
export interface LessonStart {
  userId: string;
  lessonId: string;
  course: string;
  localDate: string;
  nativeLanguage: string;
  seed: number;
  /** The lesson variant the new session draws; null: only resume. */
  variant: LessonVariant | null;
  startedAt: Date;
  /** The day's allowance of lesson sessions; null: unlimited. */
  allowance: number | null;
}

export type StartOutcome =
  | { created: { id: string } }
  | { open: OpenLessonSession }
  | { limited: true }
  | { nothingToResume: true };

interface StartInputKey {
  user_id: string;
  lesson_id: string;
  utc_day: string;
}

/** A completion as written: the stored result, and the events it caused (to hand on after commit). */
export interface CompletionWritten {
  result: unknown;
  events: DomainEvent[];
}

/** An achievement a completion statement stored (ADR 024). */
interface EarnedRow {
  id: string;
  earned_at_ms: number;
}

/** The events a lesson completion causes, once written. */
const LESSON_COMPLETION_EVENTS = [
  'lesson.completed',
  'xp.awarded',
  'streak.extended',
  'level.reached',
  'achievement.earned',
] as const;

// Both statements take many sessions at once (one jsonb parameter; ADR 011): concurrent
// completions share a round trip and, for the write, a commit.

/** The events a practice or review completion causes, once written. */
const PRACTICE_COMPLETION_EVENTS = [
  'practice.completed',
  'xp.awarded',
  'streak.extended',
  'level.reached',
  'achievement.earned',
] as const;

/**
 * Completion statements that may run at once (ADR 011): on PostgreSQL, one per core of a small
 * server; PGlite runs one statement at a time whatever this says.
 */
const READS_IN_FLIGHT = 2;
const WRITES_IN_FLIGHT = 2;
const MAX_BATCH = 64;

export function createSessionsRepository(database: DatabaseHandle, events: DomainEventBus) {
  const db = database.db;
  const completionInputs = prepareStatement(database, lessonCompletionInputs);
  const completeSessions = prepareStatement(database, completeLessons);
  const completePracticeSession = prepareStatement(database, completePractice);
  const readCompletionInput = createStatementBatcher<{ session_id: string; user_id: string }, CompletionInput | undefined>(
    async (inputs) => {
      const rows = new Map((await completionInputs([JSON.stringify(inputs)])).map((row) => [row.session_id, row]));
      return inputs.map((input) => rows.get(input.session_id));
    },
    { maxSize: MAX_BATCH, maxInFlight: READS_IN_FLIGHT },
  );
  // Answers (ADR 032): concurrent answers share their read and their write. The read takes only the
  // exercise answered; the write adds a batch's answers to each session's row in one update, and a
  // session is in one running write at a time (`keyOf`), so two writes never wait on each other.
  const answerInputs = prepareStatement(database, lessonAnswerInputs);
  const readAnswerInput = createStatementBatcher<
    { session_id: string; user_id: string; exercise_id: string },
    LessonAnswerInput | undefined
  >(
    async (inputs) => {
      const rows = new Map(
        (await answerInputs([JSON.stringify(inputs)])).map((row) => [`${row.session_id} ${row.exercise_id}`, row]),
      );
      return inputs.map((input) => rows.get(`${input.session_id} ${input.exercise_id}`));
    },
    { maxSize: MAX_BATCH, maxInFlight: READS_IN_FLIGHT },
  );
  const storeAnswers = prepareStatement(database, recordAnswers);
  // Starts (ADR 032): concurrent starts share their read and their write. A learner is in one
  // running write at a time (`keyOf`): the write locks the learners' rows, and two of its own calls
  // then never wait on each other.
  const startInputs = prepareStatement(database, lessonStartInputs);
  const readStartInput = createStatementBatcher<StartInputKey, LessonStartInput | undefined>(
    async (inputs) => {
      const keyOf = (input: StartInputKey) => `${input.user_id} ${input.lesson_id} ${input.utc_day}`;
      const rows = new Map(
        (await startInputs([JSON.stringify(inputs), LESSON_SESSIONS_WORTH_COUNTING])).map((row) => [keyOf(row), row]),
      );
      return inputs.map((input) => rows.get(keyOf(input)));
    },
    { maxSize: MAX_BATCH, maxInFlight: READS_IN_FLIGHT },
  );
  const startSessions = prepareStatement(database, startLessonSessions);
  /**
   * One call of the function: at most one start per learner (its result rows are the learner's). A
   * variant goes with its exercises until this replica has seen it stored, then by id alone; its
   * JSON, made once, is spliced in rather than serialized again.
   */
  const startRound = async (inputs: readonly LessonStart[]): Promise<StartOutcome[]> => {
    const starts = inputs.map((start) => {
      const fields = JSON.stringify({
        user_id: start.userId,
        lesson_id: start.lessonId,
        course: start.course,
        local_date: start.localDate,
        native_language: start.nativeLanguage,
        seed: start.seed,
        started_at: start.startedAt.toISOString(),
        allowance: start.allowance,
        variant_id: start.variant?.id ?? null,
      });
      const { variant } = start;
      if (!variant) return fields;
      const exercises = variant.stored ? '' : `,"variant_exercises":${variant.json}`;
      return `${fields.slice(0, -1)},"item_words":${variant.itemWordsJson}${exercises}}`;
    });
    const rows = new Map((await startSessions([`[${starts.join(',')}]`])).map((row) => [row.start_user_id, row]));
    for (const start of inputs) if (start.variant) start.variant.stored = true;
    return inputs.map((start): StartOutcome => {
      const row = rows.get(start.userId);
      if (row?.created_id) return { created: { id: row.created_id } };
      const open = row && openOf(row);
      if (open) return { open };
      return start.variant === null ? { nothingToResume: true } : { limited: true };
    });
  };
  const variantRows = prepareStatement(database, findLessonVariants);
  const readVariant = createStatementBatcher<string, { lesson_id: string; exercises: unknown[] } | undefined>(
    async (ids) => {
      const rows = new Map((await variantRows([JSON.stringify([...new Set(ids)])])).map((row) => [row.id, row]));
      return ids.map((id) => rows.get(id));
    },
    { maxSize: MAX_BATCH, maxInFlight: READS_IN_FLIGHT },
  );
  const writeStart = createStatementBatcher<LessonStart, StartOutcome>(
    async (inputs) => {
      // A learner's starts that arrived together go one call after the other, so each sees the
      // ones before (a second start of the same lesson resumes the first).
      const outcomes: StartOutcome[] = new Array(inputs.length);
      let pending = inputs.map((start, index) => ({ start, index }));
      while (pending.length > 0) {
        const learners = new Set<string>();
        const round = pending.filter(({ start }) => !learners.has(start.userId) && learners.add(start.userId));
        pending = pending.filter((entry) => !round.includes(entry));
        const results = await startRound(round.map(({ start }) => start));
        round.forEach(({ index }, position) => {
          outcomes[index] = results[position] as StartOutcome;
        });
      }
      return outcomes;
    },
    { maxSize: MAX_BATCH, maxInFlight: WRITES_IN_FLIGHT, keyOf: (start) => start.userId },
  );
  const writeAnswer = createStatementBatcher<{ session_id: string; exercise_id: string; answer: unknown }, boolean>(
    async (inputs) => {
      // One answer per exercise per statement: another one for the same exercise is refused, as
      // when it comes later, and its caller reads the first.
      const keyOf = (input: { session_id: string; exercise_id: string }) => `${input.session_id} ${input.exercise_id}`;
      const first = new Map<string, number>();
      inputs.forEach((input, index) => {
        if (!first.has(keyOf(input))) first.set(keyOf(input), index);
      });
      const sent = [...first.values()].map((index) => inputs[index]);
      const stored = new Set<string>();
      for (const row of await storeAnswers([JSON.stringify(sent)]))
        for (const exerciseId of row.exercise_ids) stored.add(`${row.session_id} ${exerciseId}`);
      return inputs.map((input, index) => first.get(keyOf(input)) === index && stored.has(keyOf(input)));
    },
    { maxSize: MAX_BATCH, maxInFlight: WRITES_IN_FLIGHT, keyOf: (input) => input.session_id },
  );
  const eventsOf = (change: CompletionChange, stored: { total_xp: number; current_streak: number }): DomainEvent[] => [
    {
      name: 'lesson.completed',
      payload: {
        userId: change.userId,
        sessionId: change.sessionId,
        lessonId: change.lessonId,
        course: change.course,
        score: change.score,
        at: change.award.at,
      },
    },
    ...awardEvents(change.award, { totalXp: stored.total_xp, currentStreak: stored.current_streak }),
  ];
  const earnedEvents = (userId: string, earned: readonly EarnedRow[]): DomainEvent[] =>
    earned.map((row) => ({
      name: 'achievement.earned',
      payload: { userId, achievementId: row.id, earnedAt: new Date(row.earned_at_ms) },
    }));
  const writeCompletions = async (changes: readonly CompletionChange[]): Promise<(CompletionWritten | undefined)[]> => {
    const award = planAwards(changes.map((change) => change.award));
    const values = [
      JSON.stringify(
        changes.map((change) => ({
          session_id: change.sessionId,
          user_id: change.userId,
          completed_at: change.award.at.toISOString(),
          local_date: change.award.localDate,
          course: change.course,
          lesson_id: change.lessonId,
          score: change.score,
          result: change.result,
          cards: change.cards,
        })),
      ),
      JSON.stringify(award.events),
      JSON.stringify(award.learners),
    ];
    const written = (rows: { session_id: string; result: unknown; earned: EarnedRow[] }[]) => {
      const bySession = new Map(rows.map((row) => [row.session_id, row]));
      return changes.map((change): CompletionWritten | undefined => {
        const row = bySession.get(change.sessionId);
        if (row === undefined) return undefined;
        const events = eventsOf(change, row.result as { total_xp: number; current_streak: number });
        return { result: row.result, events: [...events, ...earnedEvents(change.userId, row.earned)] };
      });
    };
    // One statement is atomic on its own (the achievements are in it, ADR 024); a subscriber that
    // must share its transaction gets one.
    if (!events.needsTransaction(LESSON_COMPLETION_EVENTS)) return written(await completeSessions(values));
    return db.transaction(async (tx) => {
      const outcome = written(await runStatement(tx, completeLessons, values));
      const raised = await events.withinTransaction(
        tx,
        outcome.flatMap((change) => change?.events ?? []),
      );
      // What the handlers raised goes out after commit with its learner's first completion.
      for (const event of raised)
        outcome.find((change, index) => change && changes[index]?.userId === event.payload.userId)?.events.push(event);
      return outcome;
    });
  };
  // A learner's sessions, profile, days, best scores and cards are written by one statement at a
  // time, so two running writes never wait on each other's rows.
  const writeCompletion = createStatementBatcher(writeCompletions, {
    maxSize: MAX_BATCH,
    maxInFlight: WRITES_IN_FLIGHT,
    keyOf: (change) => change.userId,
  });
  return {
    /**
     * The caller's lesson session with what completing it needs; undefined when it is not theirs.
     * Concurrent calls share a statement.
     */
    findCompletionInput(userId: string, sessionId: string): Promise<CompletionInput | undefined> {
      return readCompletionInput({ session_id: sessionId, user_id: userId });
    },

    /**
     * Writes a completion (see sessions/sql/complete-lessons.sql.ts) and returns the stored result with the events
     * it caused, or undefined when the session was finished meanwhile (the caller then reads the
     * stored result). Concurrent calls share a statement.
     */
    completeSession(change: CompletionChange): Promise<CompletionWritten | undefined> {
      return writeCompletion(change);
    },

    /**
     * What a start needs before it generates anything, in one statement shared with concurrent
     * starts: the learner, the lesson's best score, the days around `utcDay` on which the lesson has
     * an open session and the lesson sessions of each of those days; undefined when the learner does
     * not exist.
     */
    findStartInput(userId: string, lessonId: string, utcDay: string): Promise<LessonStartInput | undefined> {
      return readStartInput({ user_id: userId, lesson_id: lessonId, utc_day: utcDay });
    },

    /**
     * Starts a lesson session unless the lesson already has an open one that day (returned instead)
     * or the day's allowance (null: unlimited) is used; without a variant, only resumes. The
     * learners' rows are locked first, so starts arriving together take turns and each sees the ones
     * before; the unique free slot is a second guard. Concurrent starts share one call of a
     * database function (migration 0034, ADR 032).
     */
    startLessonSession(start: LessonStart): Promise<StartOutcome> {
      return writeStart(start);
    },

    /** A stored lesson variant by id (concurrent calls share a statement). */
    findVariant(id: string): Promise<{ lesson_id: string; exercises: unknown[] } | undefined> {
      return readVariant(id);
    },

    /** Stores a new session and returns its id (not the row: it carries the whole generated lesson). */
    async insertSession(row: typeof lessonSessions.$inferInsert): Promise<{ id: string }> {
      const [created] = await db.insert(lessonSessions).values(row).returning({ id: lessonSessions.id });
      if (!created) throw new Error('session insert returned nothing');
      return created;
    },

    /** Only the owner sees a session; anyone else gets "not found". */
    async findSession(userId: string, sessionId: string): Promise<Session | undefined> {
      const [row] = await db
        .select({ session: lessonSessions, variantExercises: lessonVariants.exercises })
        .from(lessonSessions)
        .leftJoin(lessonVariants, eq(lessonVariants.id, lessonSessions.variantId))
        .where(and(eq(lessonSessions.id, sessionId), eq(lessonSessions.userId, userId)));
      // A session drawing a variant (ADR 032) has the variant's exercises.
      return row && asSession({ ...row.session, exercises: row.session.exercises ?? row.variantExercises });
    },

    /**
     * One exercise of the caller's lesson session, with the session's lesson, course and state and
     * the exercise's stored answer; undefined when the session is not theirs (the item is null when
     * the session has no such exercise). Concurrent calls share a statement.
     */
    findAnswerInput(userId: string, sessionId: string, exerciseId: string): Promise<LessonAnswerInput | undefined> {
      return readAnswerInput({ session_id: sessionId, user_id: userId, exercise_id: exerciseId });
    },

    /**
     * Records an answer unless one is already there (the first answer locks the exercise) or the
     * session is finished; true when this answer was stored. Concurrent calls share a statement.
     */
    recordAnswer(sessionId: string, exerciseId: string, result: unknown): Promise<boolean> {
      return writeAnswer({ session_id: sessionId, exercise_id: exerciseId, answer: result });
    },

    /**
     * Finishes a practice or review session (see sessions/sql/complete-practice.sql.ts): the stored result with the
     * events it caused, or undefined when it was finished meanwhile (or is not the caller's).
     */
    async completePracticeSession(change: {
      sessionId: string;
      kind: 'practice' | 'review';
      award: Award;
      accuracy: number;
      result: object;
    }): Promise<CompletionWritten | undefined> {
      const { award } = change;
      const planned = planAwards([award]);
      const values = [
        change.sessionId,
        award.userId,
        change.kind,
        award.at.toISOString(),
        JSON.stringify(planned.events),
        JSON.stringify(planned.learners),
        JSON.stringify(change.result),
      ];
      const written = (rows: { result: unknown; earned: EarnedRow[] }[]): CompletionWritten | undefined => {
        const [row] = rows;
        if (!row) return undefined;
        const stored = row.result as { total_xp: number; current_streak: number };
        const caused: DomainEvent[] = [
          {
            name: 'practice.completed',
            payload: {
              userId: award.userId,
              sessionId: change.sessionId,
              kind: change.kind,
              accuracy: change.accuracy,
              at: award.at,
            },
          },
          ...awardEvents(award, { totalXp: stored.total_xp, currentStreak: stored.current_streak }),
          ...earnedEvents(award.userId, row.earned),
        ];
        return { result: row.result, events: caused };
      };
      if (!events.needsTransaction(PRACTICE_COMPLETION_EVENTS)) return written(await completePracticeSession(values));
      return db.transaction(async (tx) => {
        const outcome = written(await runStatement(tx, completePractice, values));
        outcome?.events.push(...(await events.withinTransaction(tx, outcome?.events ?? [])));
        return outcome;
      });
    },
  };
}

export type SessionsRepository = ReturnType<typeof createSessionsRepository>;
