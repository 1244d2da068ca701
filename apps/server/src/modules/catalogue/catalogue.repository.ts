import { and, eq, gt } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { lessonProgress } from '../../db/schema/index';

/** The learner's best scores, read for the lists (the sessions module writes them). */
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
  };
}

export type CatalogueRepository = ReturnType<typeof createCatalogueRepository>;
