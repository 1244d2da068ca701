import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { dailyActivity, lessonProgress, lessonSessions, profiles, users } from '../../db/schema/index';

export type LessonSessionRow = typeof lessonSessions.$inferSelect;

export function createLessonsRepository(db: Database) {
  return {
    db,

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

    async insertSession(row: typeof lessonSessions.$inferInsert): Promise<LessonSessionRow> {
      const [created] = await db.insert(lessonSessions).values(row).returning();
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

    /** Records an answer unless one is already there (the first answer locks the exercise). */
    async recordAnswer(sessionId: string, exerciseId: string, result: unknown): Promise<LessonSessionRow | undefined> {
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
        .returning();
      return row;
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

    async recordLessonProgress(tx: Database, row: { userId: string; course: string; lessonId: string; score: number; at: Date }) {
      await tx
        .insert(lessonProgress)
        .values({ userId: row.userId, course: row.course, lessonId: row.lessonId, bestScore: row.score, lastCompletedAt: row.at })
        .onConflictDoUpdate({
          target: [lessonProgress.userId, lessonProgress.course, lessonProgress.lessonId],
          set: {
            bestScore: sql`greatest(${lessonProgress.bestScore}, ${row.score})`,
            completions: sql`${lessonProgress.completions} + 1`,
            lastCompletedAt: row.at,
          },
        });
    },
  };
}

export type LessonsRepository = ReturnType<typeof createLessonsRepository>;
