import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { lessonProgress, lessonSessions } from '../../db/schema/index';

/** The learner's best scores and today's lesson sessions, read for the lists (the sessions module writes them). */
export function createCatalogueRepository(db: Database) {
  return {
    async findProgress(userId: string, course: string): Promise<{ lessonId: string; bestScore: number }[]> {
      return (
        db
          .select({ lessonId: lessonProgress.lessonId, bestScore: lessonProgress.bestScore })
          .from(lessonProgress)
          // A row without completions holds only cards of words met in practice.
          .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.course, course), gt(lessonProgress.completions, 0)))
      );
    },

    /** Lesson sessions started on the learner's local date (every course: the allowance is the account's). */
    async countLessonSessionsOn(userId: string, localDate: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(lessonSessions)
        .where(
          and(eq(lessonSessions.userId, userId), eq(lessonSessions.localDate, localDate), eq(lessonSessions.kind, 'lesson')),
        );
      return Number(row?.n ?? 0);
    },

    /** The lessons of a course started on that date and not finished (they resume without a new session). */
    async findUnfinishedOn(userId: string, course: string, localDate: string): Promise<string[]> {
      const rows = await db
        .selectDistinct({ lessonId: lessonSessions.lessonId })
        .from(lessonSessions)
        .where(
          and(
            eq(lessonSessions.userId, userId),
            eq(lessonSessions.course, course),
            eq(lessonSessions.localDate, localDate),
            eq(lessonSessions.kind, 'lesson'),
            isNull(lessonSessions.completedAt),
          ),
        );
      return rows.map((row) => row.lessonId);
    },
  };
}

export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;
