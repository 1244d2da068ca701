import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../../db/client';
import { type DeckCard, dailyActivity, lessonProgress, lessonSessions, profiles, users } from '../../db/schema/index';
import { createStatementBatcher } from '../../db/statement-batcher';
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
  now: Date;
  today: string;
  xp: number;
  streak: number;
  lastActiveDate: string;
  course: string;
  lessonId: string;
  score: number;
  result: object;
  /** The cards to write: word id → card. */
  cards: Record<string, DeckCard>;
}

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
 * session waits, then finds it finished and writes nothing for it. Per learner (a learner may finish
 * two sessions in one batch): XP, lesson count and streak on the profile, the day's activity; per
 * lesson, in one row, its best score and the cards of its words (new words join as new cards, graded
 * words get their next schedule: \`reps > 0\`); per session its result with the learner's new totals.
 */
const COMPLETE_SESSIONS_SQL = `
  with input as (
    select distinct on (i.session_id) i.*
      from jsonb_to_recordset($1::jsonb) as i(session_id uuid, user_id uuid, completed_at timestamptz, local_date date,
             xp int, streak int, last_active_date date, course text, lesson_id text, score int, result jsonb, cards jsonb)
     order by i.session_id
  ), open_session as (
    select i.*
      from lesson_sessions s
      join input i on s.id = i.session_id and s.user_id = i.user_id
     where s.completed_at is null
     order by s.id
       for update of s
  ), learner as (
    select user_id, sum(xp)::int as xp, count(*)::int as lessons, max(streak) as streak,
           max(last_active_date) as last_active_date, max(completed_at) as at
      from open_session
     group by user_id
  ), profile as (
    update profiles p
       set total_xp = p.total_xp + l.xp, lessons_completed = p.lessons_completed + l.lessons, current_streak = l.streak,
           longest_streak = greatest(p.longest_streak, l.streak), last_active_date = l.last_active_date, updated_at = l.at
      from learner l
     where p.user_id = l.user_id
    returning p.user_id, p.total_xp, p.current_streak, p.lessons_completed, p.daily_goal_xp
  ), day as (
    insert into daily_activity (user_id, local_date, xp, lessons, practices)
    select user_id, local_date, sum(xp), count(*), 0 from open_session group by user_id, local_date
    on conflict (user_id, local_date)
      do update set xp = daily_activity.xp + excluded.xp, lessons = daily_activity.lessons + excluded.lessons
    returning user_id, local_date, xp
  ), progress as (
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
    join profile on profile.user_id = o.user_id
    join day on day.user_id = o.user_id and day.local_date = o.local_date
   where s.id = o.session_id
  returning s.id as session_id, s.result`;

/**
 * Completion statements that may run at once (ADR 011): on PostgreSQL, one per core of a small
 * server; PGlite runs one statement at a time whatever this says.
 */
const READS_IN_FLIGHT = 2;
const WRITES_IN_FLIGHT = 2;
const MAX_BATCH = 64;

export function createLessonsRepository(database: DatabaseHandle) {
  const db = database.db;
  const completionInputs = database.prepare<CompletionInput>('lesson_completion_inputs', COMPLETION_INPUTS_SQL, ['jsonb']);
  const completeSessions = database.prepare<{ session_id: string; result: unknown }>(
    'lesson_completions_write',
    COMPLETE_SESSIONS_SQL,
    ['jsonb'],
  );
  const readCompletionInput = createStatementBatcher<{ session_id: string; user_id: string }, CompletionInput | undefined>(
    async (inputs) => {
      const rows = new Map((await completionInputs([JSON.stringify(inputs)])).map((row) => [row.session_id, row]));
      return inputs.map((input) => rows.get(input.session_id));
    },
    { maxSize: MAX_BATCH, maxInFlight: READS_IN_FLIGHT },
  );
  const writeCompletions = async (changes: readonly CompletionChange[]): Promise<unknown[]> => {
    const rows = await completeSessions([
      JSON.stringify(
        changes.map((change) => ({
          session_id: change.sessionId,
          user_id: change.userId,
          completed_at: change.now.toISOString(),
          local_date: change.today,
          xp: change.xp,
          streak: change.streak,
          last_active_date: change.lastActiveDate,
          course: change.course,
          lesson_id: change.lessonId,
          score: change.score,
          result: change.result,
          cards: change.cards,
        })),
      ),
    ]);
    const results = new Map(rows.map((row) => [row.session_id, row.result]));
    return changes.map((change) => results.get(change.sessionId));
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
     * Writes a completion (see COMPLETE_SESSIONS_SQL) and returns the stored result, or undefined when
     * the session was finished meanwhile (the caller then reads the stored result). Concurrent calls
     * share a statement.
     */
    completeSession(change: CompletionChange): Promise<unknown> {
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

    async findSessionForUpdate(tx: Database, userId: string, sessionId: string): Promise<LessonSessionRow | undefined> {
      const [row] = await tx
        .select()
        .from(lessonSessions)
        .where(and(eq(lessonSessions.id, sessionId), eq(lessonSessions.userId, userId)))
        .for('update');
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

    async markCompleted(tx: Database, sessionId: string, completedAt: Date, result: unknown): Promise<void> {
      await tx.update(lessonSessions).set({ completedAt, result }).where(eq(lessonSessions.id, sessionId));
    },

    async addToProfile(
      tx: Database,
      userId: string,
      change: { xp: number; lessons: number; streak: number; lastActiveDate: string; now: Date },
    ) {
      const [row] = await tx
        .update(profiles)
        .set({
          totalXp: sql`${profiles.totalXp} + ${change.xp}`,
          lessonsCompleted: sql`${profiles.lessonsCompleted} + ${change.lessons}`,
          currentStreak: change.streak,
          longestStreak: sql`greatest(${profiles.longestStreak}, ${change.streak})`,
          lastActiveDate: change.lastActiveDate,
          updatedAt: change.now,
        })
        .where(eq(profiles.userId, userId))
        .returning();
      return row;
    },

    async addDailyActivity(
      tx: Database,
      userId: string,
      localDate: string,
      change: { xp: number; lessons: number; practices: number },
    ) {
      const [row] = await tx
        .insert(dailyActivity)
        .values({ userId, localDate, ...change })
        .onConflictDoUpdate({
          target: [dailyActivity.userId, dailyActivity.localDate],
          set: {
            xp: sql`${dailyActivity.xp} + ${change.xp}`,
            lessons: sql`${dailyActivity.lessons} + ${change.lessons}`,
            practices: sql`${dailyActivity.practices} + ${change.practices}`,
          },
        })
        .returning();
      return row;
    },
  };
}

export type LessonsRepository = ReturnType<typeof createLessonsRepository>;
