import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import { type Database, type DatabaseHandle, executeText } from '../../db/client';
import { type DeckCard, lessonProgress, lessonSessions, users } from '../../db/schema/index';
import { createStatementBatcher } from '../../db/statement-batcher';
import type { DomainEvent, DomainEventBus } from '../../lib/domain-events';
import { awardCtes } from '../progress/award.sql';
import { type Award, awardEvents, planAwards } from '../progress/awards';
import type { CardColumns } from '../review/review.repository';

export type LessonSessionRow = typeof lessonSessions.$inferSelect;

/** What completing a session needs to know, read in one round trip. */
export interface CompletionInput {
  session_id: string;
  lesson_id: string;
  course: string;
  completed: boolean;
  result: unknown;
  /** Each exercise with the words it asks about and how it was answered (null once completed). */
  items: { word_ids: string[]; answered: boolean; correct: boolean; skipped: boolean }[] | null;
  timezone: string;
  current_streak: number;
  last_active_date: string | null;
  /** The learner's cards of the lesson's words (null once completed). */
  cards: CardColumns[] | null;
}

/** What one completion writes; see COMPLETE_SESSIONS_SQL. */
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

/** A completion as written: the stored result, and the events it caused (to hand on after commit). */
export interface CompletionWritten {
  result: unknown;
  events: DomainEvent[];
}

/** The events a lesson completion causes, once written. */
const LESSON_COMPLETION_EVENTS = ['lesson.completed', 'xp.awarded', 'streak.extended', 'level.reached'] as const;

// Both statements take many sessions at once (one jsonb parameter; ADR 011): concurrent
// completions share a round trip and, for the write, a commit.

/** For each (session, user): the caller's own lesson session only, with the cards of its lesson's words. */
const COMPLETION_INPUTS_SQL = `
  select s.id as session_id, s.lesson_id, s.course, s.completed_at is not null as completed, s.result,
         p.timezone, p.current_streak, p.last_active_date::text as last_active_date,
         -- A finished session needs only its result: the rest is read for an open one.
         case when s.completed_at is null then
           (select coalesce(json_agg(json_build_object(
                     'word_ids', item.value,
                     'answered', s.answers ? item.key,
                     'correct', coalesce((s.answers->item.key->>'correct')::boolean, false),
                     'skipped', coalesce(s.answers->item.key ? 'skipped', false))), '[]'::json)
              from jsonb_each(coalesce(s.item_words,
                     (select jsonb_object_agg(e.item->'exercise'->>'id', e.item->'wordIds')
                        from jsonb_array_elements(s.exercises) e(item)))) item)
         end as items,
         case when s.completed_at is null then
           (select coalesce(json_agg(e.value || jsonb_build_object('word_id', e.key)), '[]'::json)
              from lesson_progress lp, jsonb_each(lp.cards) e
             where lp.user_id = s.user_id and lp.course = s.course and lp.lesson_id = s.lesson_id)
         end as cards
    from jsonb_to_recordset($1::jsonb) as i(session_id uuid, user_id uuid)
    join lesson_sessions s on s.id = i.session_id and s.user_id = i.user_id and s.kind = 'lesson'
    join profiles p on p.user_id = s.user_id`;

/**
 * Everything the completions write, as one statement (one round trip, atomic without a transaction).
 * The sessions are locked in id order and must still be open: a concurrent completion of the same
 * session waits, then finds it finished and writes nothing for it. The award (XP, lesson count,
 * streak, the day and the week) is modules/progress's (awardCtes: $2 and $3). Per lesson, in one
 * row, its best score and the cards of its words (new words join as new cards, graded words get
 * their next schedule: \`reps > 0\`); per session its result with the learner's new totals.
 */
const COMPLETE_SESSIONS_SQL = `
  with input as (
    select distinct on (i.session_id) i.*
      from jsonb_to_recordset($1::jsonb) as i(session_id uuid, user_id uuid, completed_at timestamptz, local_date date,
             course text, lesson_id text, score int, result jsonb, cards jsonb)
     order by i.session_id
  ), open_session as (
    select i.*
      from lesson_sessions s
      join input i on s.id = i.session_id and s.user_id = i.user_id
     where s.completed_at is null
     order by s.id
       for update of s
  ), award_source as (
    select session_id::text as source_id from open_session
  ), ${awardCtes('$2', '$3')}, progress as (
    insert into lesson_progress (user_id, course, lesson_id, best_score, completions, last_completed_at, cards)
    select o.user_id, o.course, o.lesson_id, max(o.score), count(*), max(o.completed_at),
           -- Two sessions of one lesson in a batch may share a word: the most reviewed card is kept.
           (select coalesce(jsonb_object_agg(w.key, w.value order by (w.value->>'reps')::int), '{}'::jsonb)
              from unnest(array_agg(o.cards)) as session_cards(cards), jsonb_each(session_cards.cards) w)
      from open_session o
     group by o.user_id, o.course, o.lesson_id
    on conflict (user_id, course, lesson_id)
      do update set best_score = greatest(lesson_progress.best_score, excluded.best_score),
                    completions = lesson_progress.completions + excluded.completions,
                    last_completed_at = excluded.last_completed_at,
                    -- A new card (no review yet) never replaces one the learner already has.
                    cards = lesson_progress.cards || (
                      select coalesce(jsonb_object_agg(w.key, w.value), '{}'::jsonb)
                        from jsonb_each(excluded.cards) w
                       where (w.value->>'reps')::int > 0 or not lesson_progress.cards ? w.key)
  )
  update lesson_sessions s
     set completed_at = o.completed_at,
         result = o.result || jsonb_build_object('total_xp', profile.total_xp, 'current_streak', profile.current_streak,
                  'lessons_completed', profile.lessons_completed, 'day_xp', day.xp, 'daily_goal_xp', profile.daily_goal_xp)
    from open_session o
    join progress_profile profile on profile.user_id = o.user_id
    join progress_day day on day.user_id = o.user_id and day.local_date = o.local_date
   where s.id = o.session_id
  returning s.id as session_id, s.result`;

/**
 * A practice or review completion: the session, still open and the caller's, is stamped with its
 * result and the learner's new totals, and modules/progress pays its XP ($5, $6), in one statement.
 */
const COMPLETE_PRACTICE_SQL = `
  with open_session as (
    select s.id as session_id, s.user_id
      from lesson_sessions s
     where s.id = $1 and s.user_id = $2 and s.kind = $3 and s.completed_at is null
       for update
  ), award_source as (
    select session_id::text as source_id from open_session
  ), ${awardCtes('$5', '$6')}
  update lesson_sessions s
     set completed_at = $4, result = $7::jsonb || jsonb_build_object('total_xp', profile.total_xp, 'current_streak', profile.current_streak)
    from open_session o
    join progress_profile profile on profile.user_id = o.user_id
   where s.id = o.session_id
  returning s.result`;

/** The events a practice or review completion causes, once written. */
const PRACTICE_COMPLETION_EVENTS = ['practice.completed', 'xp.awarded', 'streak.extended', 'level.reached'] as const;

/**
 * Completion statements that may run at once (ADR 011): on PostgreSQL, one per core of a small
 * server; PGlite runs one statement at a time whatever this says.
 */
const READS_IN_FLIGHT = 2;
const WRITES_IN_FLIGHT = 2;
const MAX_BATCH = 64;

export function createLessonsRepository(database: DatabaseHandle, events: DomainEventBus) {
  const db = database.db;
  const completionInputs = database.prepare<CompletionInput>('lesson_completion_inputs', COMPLETION_INPUTS_SQL, ['jsonb']);
  const completeSessions = database.prepare<{ session_id: string; result: unknown }>(
    'lesson_completions_write',
    COMPLETE_SESSIONS_SQL,
    ['jsonb', 'jsonb', 'jsonb'],
  );
  const completePractice = database.prepare<{ result: unknown }>('practice_completion_write', COMPLETE_PRACTICE_SQL, [
    'uuid',
    'uuid',
    'text',
    'timestamptz',
    'jsonb',
    'jsonb',
    'jsonb',
  ]);
  const readCompletionInput = createStatementBatcher<{ session_id: string; user_id: string }, CompletionInput | undefined>(
    async (inputs) => {
      const rows = new Map((await completionInputs([JSON.stringify(inputs)])).map((row) => [row.session_id, row]));
      return inputs.map((input) => rows.get(input.session_id));
    },
    { maxSize: MAX_BATCH, maxInFlight: READS_IN_FLIGHT },
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
    const written = (rows: { session_id: string; result: unknown }[]) => {
      const results = new Map(rows.map((row) => [row.session_id, row.result]));
      return changes.map((change): CompletionWritten | undefined => {
        const result = results.get(change.sessionId);
        if (result === undefined) return undefined;
        return { result, events: eventsOf(change, result as { total_xp: number; current_streak: number }) };
      });
    };
    // One statement is atomic on its own; a subscriber that must share its transaction gets one.
    if (!events.needsTransaction(LESSON_COMPLETION_EVENTS)) return written(await completeSessions(values));
    return db.transaction(async (tx) => {
      const outcome = written(await executeText(tx, COMPLETE_SESSIONS_SQL, values));
      await events.withinTransaction(
        tx,
        outcome.flatMap((change) => change?.events ?? []),
      );
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
  async function countLessonSessionsOn(userId: string, localDate: string, tx: Database = db): Promise<number> {
    const [row] = await tx
      .select({ n: count() })
      .from(lessonSessions)
      .where(and(eq(lessonSessions.userId, userId), eq(lessonSessions.localDate, localDate), eq(lessonSessions.kind, 'lesson')));
    return Number(row?.n ?? 0);
  }

  async function findOpenSession(
    userId: string,
    lessonId: string,
    course: string,
    localDate: string,
    tx: Database = db,
  ): Promise<LessonSessionRow | undefined> {
    const [row] = await tx
      .select()
      .from(lessonSessions)
      .where(
        and(
          eq(lessonSessions.userId, userId),
          eq(lessonSessions.lessonId, lessonId),
          eq(lessonSessions.course, course),
          eq(lessonSessions.localDate, localDate),
          eq(lessonSessions.kind, 'lesson'),
          isNull(lessonSessions.completedAt),
        ),
      );
    return row;
  }

  return {
    db,

    /**
     * The caller's lesson session with what completing it needs; undefined when it is not theirs.
     * Concurrent calls share a statement.
     */
    findCompletionInput(userId: string, sessionId: string): Promise<CompletionInput | undefined> {
      return readCompletionInput({ session_id: sessionId, user_id: userId });
    },

    /**
     * Writes a completion (see COMPLETE_SESSIONS_SQL) and returns the stored result with the events
     * it caused, or undefined when the session was finished meanwhile (the caller then reads the
     * stored result). Concurrent calls share a statement.
     */
    completeSession(change: CompletionChange): Promise<CompletionWritten | undefined> {
      return writeCompletion(change);
    },

    async findProgress(userId: string, course: string) {
      return (
        db
          .select({ lessonId: lessonProgress.lessonId, bestScore: lessonProgress.bestScore })
          .from(lessonProgress)
          // A row without completions holds only cards of words met in practice.
          .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.course, course), gt(lessonProgress.completions, 0)))
      );
    },

    countLessonSessionsOn,
    findOpenSession,

    /**
     * Starts a lesson session unless the lesson already has an open one today (returned instead) or
     * the day's allowance (null: unlimited) is used. The learner's row is locked while this looks
     * and inserts, so starts arriving together take turns; the unique free slot is a second guard.
     */
    async startLessonSession(
      row: Omit<typeof lessonSessions.$inferInsert, 'dailySlot'>,
      allowance: number | null,
    ): Promise<{ created: { id: string } } | { open: LessonSessionRow } | { limited: true }> {
      return db.transaction(async (tx) => {
        await tx.select({ id: users.id }).from(users).where(eq(users.id, row.userId)).for('update');
        const open = await findOpenSession(row.userId, row.lessonId, row.course, row.localDate, tx);
        if (open) return { open };
        const used = allowance === null ? 0 : await countLessonSessionsOn(row.userId, row.localDate, tx);
        if (allowance !== null && used >= allowance) return { limited: true };
        const [created] = await tx
          .insert(lessonSessions)
          .values({ ...row, dailySlot: allowance === null ? null : used + 1 })
          .onConflictDoNothing()
          .returning({ id: lessonSessions.id });
        return created ? { created } : { limited: true };
      });
    },

    /** Stores a new session and returns its id (not the row: it carries the whole generated lesson). */
    async insertSession(row: typeof lessonSessions.$inferInsert): Promise<{ id: string }> {
      const [created] = await db.insert(lessonSessions).values(row).returning({ id: lessonSessions.id });
      if (!created) throw new Error('session insert returned nothing');
      return created;
    },

    /** Only the owner sees a session; anyone else gets "not found". */
    async findSession(userId: string, sessionId: string): Promise<LessonSessionRow | undefined> {
      const [row] = await db
        .select()
        .from(lessonSessions)
        .where(and(eq(lessonSessions.id, sessionId), eq(lessonSessions.userId, userId)));
      return row;
    },

    /**
     * Records an answer unless one is already there (the first answer locks the exercise); true when
     * this answer was stored. Returns no columns: the row carries the whole generated lesson.
     */
    async recordAnswer(sessionId: string, exerciseId: string, result: unknown): Promise<boolean> {
      const [row] = await db
        .update(lessonSessions)
        .set({
          answers: sql`${lessonSessions.answers} || jsonb_build_object(${exerciseId}::text, ${JSON.stringify(result)}::jsonb)`,
        })
        .where(
          and(
            eq(lessonSessions.id, sessionId),
            isNull(lessonSessions.completedAt),
            sql`not (${lessonSessions.answers} ? ${exerciseId})`,
          ),
        )
        .returning({ id: lessonSessions.id });
      return row !== undefined;
    },

    /**
     * Finishes a practice or review session (see COMPLETE_PRACTICE_SQL): the stored result with the
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
      const written = (rows: { result: unknown }[]): CompletionWritten | undefined => {
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
        ];
        return { result: row.result, events: caused };
      };
      if (!events.needsTransaction(PRACTICE_COMPLETION_EVENTS)) return written(await completePractice(values));
      return db.transaction(async (tx) => {
        const outcome = written(await executeText(tx, COMPLETE_PRACTICE_SQL, values));
        await events.withinTransaction(tx, outcome?.events ?? []);
        return outcome;
      });
    },
  };
}

export type LessonsRepository = ReturnType<typeof createLessonsRepository>;
