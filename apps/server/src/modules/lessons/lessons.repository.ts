import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../../db/client';
import { dailyActivity, lessonProgress, lessonSessions, profiles, users } from '../../db/schema/index';
import type { CardColumns } from '../review/review.repository';

export type LessonSessionRow = typeof lessonSessions.$inferSelect;

/** What completing a session needs to know, read in one round trip. */
export interface CompletionInput {
  lesson_id: string;
  course: string;
  completed: boolean;
  result: unknown;
  /** Each exercise with the words it asks about and how it was answered (null once completed). */
  items: { word_ids: string[]; correct: boolean; skipped: boolean }[] | null;
  timezone: string;
  current_streak: number;
  last_active_date: string | null;
  /** The learner's cards for the lesson's words (null once completed). */
  cards: CardColumns[] | null;
}

const COMPLETION_INPUT_SQL = `
  select s.lesson_id, s.course, s.completed_at is not null as completed, s.result,
         p.timezone, p.current_streak, p.last_active_date::text as last_active_date,
         -- A finished session needs only its result: the rest is read for an open one.
         case when s.completed_at is null then
           (select coalesce(json_agg(json_build_object(
                     'word_ids', item.value,
                     'correct', coalesce((s.answers->item.key->>'correct')::boolean, false),
                     'skipped', coalesce(s.answers->item.key ? 'skipped', false))), '[]'::json)
              from jsonb_each(coalesce(s.item_words,
                     (select jsonb_object_agg(e.item->'exercise'->>'id', e.item->'wordIds')
                        from jsonb_array_elements(s.exercises) e(item)))) item)
         end as items,
         case when s.completed_at is null then
           (select coalesce(json_agg(json_build_object(
                     'word_id', c.word_id, 'due', c.due, 'stability', c.stability, 'difficulty', c.difficulty,
                     'scheduled_days', c.scheduled_days, 'learning_steps', c.learning_steps, 'reps', c.reps,
                     'lapses', c.lapses, 'state', c.state, 'last_review', c.last_review)), '[]'::json)
              from review_cards c
             where c.user_id = s.user_id and c.course = s.course
               -- jsonb rather than text[]: a planner estimate that is the same for every call keeps the plan generic.
               and c.word_id in (select jsonb_array_elements_text($3::jsonb)))
         end as cards
    from lesson_sessions s
    join profiles p on p.user_id = s.user_id
   where s.id = $1 and s.user_id = $2 and s.kind = 'lesson'`;

/**
 * Everything a completion writes, as one statement (one round trip, atomic without a transaction):
 * the session is locked and must still be open (a concurrent completion of the same session waits,
 * then finds it finished and writes nothing); XP, lesson count and streak on the profile; the day's
 * activity; the lesson's best score; the review cards (new words join as new cards, graded words
 * get their next schedule: \`reps > 0\`); and the session's result with the learner's new totals.
 */
const COMPLETE_SESSION_SQL = `
  with open_session as (
    select id from lesson_sessions where id = $1 and user_id = $2 and completed_at is null for update
  ), profile as (
    update profiles
       set total_xp = total_xp + $5, lessons_completed = lessons_completed + 1, current_streak = $6,
           longest_streak = greatest(longest_streak, $6), last_active_date = $7, updated_at = $3
     where user_id = $2 and exists (select 1 from open_session)
    returning total_xp, current_streak, lessons_completed, daily_goal_xp
  ), day as (
    insert into daily_activity (user_id, local_date, xp, lessons, practices)
    select $2, $4, $5, 1, 0 from open_session
    on conflict (user_id, local_date)
      do update set xp = daily_activity.xp + excluded.xp, lessons = daily_activity.lessons + excluded.lessons
    returning xp
  ), progress as (
    insert into lesson_progress (user_id, course, lesson_id, best_score, last_completed_at)
    select $2, $8, $9, $10, $3 from open_session
    on conflict (user_id, course, lesson_id)
      do update set best_score = greatest(lesson_progress.best_score, excluded.best_score),
                    completions = lesson_progress.completions + 1, last_completed_at = excluded.last_completed_at
  ), cards as (
    insert into review_cards (user_id, course, word_id, due, stability, difficulty, scheduled_days, learning_steps,
                              reps, lapses, state, last_review)
    select $2, $8, c.word_id, c.due, c.stability, c.difficulty, c.scheduled_days, c.learning_steps, c.reps, c.lapses,
           c.state, c.last_review
      from open_session,
           jsonb_to_recordset($12::jsonb) as c(word_id text, due timestamptz, stability float8, difficulty float8,
             scheduled_days int, learning_steps int, reps int, lapses int, state int, last_review timestamptz)
    on conflict (user_id, course, word_id) do update
       set due = excluded.due, stability = excluded.stability, difficulty = excluded.difficulty,
           scheduled_days = excluded.scheduled_days, learning_steps = excluded.learning_steps, reps = excluded.reps,
           lapses = excluded.lapses, state = excluded.state, last_review = excluded.last_review
     where excluded.reps > 0
  )
  update lesson_sessions s
     set completed_at = $3,
         result = $11::jsonb || jsonb_build_object('total_xp', profile.total_xp, 'current_streak', profile.current_streak,
                  'lessons_completed', profile.lessons_completed, 'day_xp', day.xp, 'daily_goal_xp', profile.daily_goal_xp)
    from open_session, profile, day
   where s.id = open_session.id
  returning s.result`;

export function createLessonsRepository(database: DatabaseHandle) {
  const db = database.db;
  const completionInput = database.prepare<CompletionInput>('lesson_completion_input', COMPLETION_INPUT_SQL, [
    'uuid',
    'uuid',
    'jsonb',
  ]);
  const completeSession = database.prepare<{ result: unknown }>('lesson_completion_write', COMPLETE_SESSION_SQL, [
    'uuid',
    'uuid',
    'timestamptz',
    'date',
    'int',
    'int',
    'date',
    'text',
    'text',
    'int',
    'jsonb',
    'jsonb',
  ]);
  return {
    db,

    /** The caller's lesson session with what completing it needs; undefined when it is not theirs. */
    async findCompletionInput(
      userId: string,
      sessionId: string,
      wordIds: readonly string[],
    ): Promise<CompletionInput | undefined> {
      const [row] = await completionInput([sessionId, userId, JSON.stringify(wordIds)]);
      return row;
    },

    /**
     * Writes a completion (see COMPLETE_SESSION_SQL) and returns the stored result, or undefined when
     * the session was finished meanwhile (the caller then reads the stored result).
     */
    async completeSession(change: {
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
      cards: CardColumns[];
    }): Promise<unknown> {
      const [row] = await completeSession([
        change.sessionId,
        change.userId,
        change.now.toISOString(),
        change.today,
        change.xp,
        change.streak,
        change.lastActiveDate,
        change.course,
        change.lessonId,
        change.score,
        JSON.stringify(change.result),
        JSON.stringify(change.cards),
      ]);
      return row?.result;
    },

    /** Inside a transaction pass `tx`: PGlite has one connection, so a query beside it would wait forever. */
    async findLearner(userId: string, tx: Database = db) {
      const [row] = await tx
        .select({ plan: users.plan, profile: profiles })
        .from(users)
        .innerJoin(profiles, eq(profiles.userId, users.id))
        .where(eq(users.id, userId));
      return row;
    },

    async findProgress(userId: string, course: string) {
      return db
        .select({ lessonId: lessonProgress.lessonId, bestScore: lessonProgress.bestScore })
        .from(lessonProgress)
        .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.course, course)));
    },

    async countLessonSessionsOn(userId: string, localDate: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(lessonSessions)
        .where(
          and(eq(lessonSessions.userId, userId), eq(lessonSessions.localDate, localDate), eq(lessonSessions.kind, 'lesson')),
        );
      return Number(row?.n ?? 0);
    },

    async findOpenSession(
      userId: string,
      lessonId: string,
      course: string,
      localDate: string,
    ): Promise<LessonSessionRow | undefined> {
      const [row] = await db
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
