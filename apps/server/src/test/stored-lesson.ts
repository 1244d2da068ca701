import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { lessonSessions, lessonVariants } from '../db/schema/index';
import type { GeneratedExercise } from '../modules/sessions/lesson-generator';

/**
 * A lesson session's exercises with their keys, as the server stored them: the session's own, or
 * those of the variant it draws (ADR 032). Tests answer right or wrong from them.
 */
export async function storedExercises(db: Database, sessionId: string): Promise<GeneratedExercise[]> {
  const [row] = await db
    .select({ own: lessonSessions.exercises, variant: lessonVariants.exercises })
    .from(lessonSessions)
    .leftJoin(lessonVariants, eq(lessonVariants.id, lessonSessions.variantId))
    .where(eq(lessonSessions.id, sessionId));
  return (row?.own ?? row?.variant ?? []) as GeneratedExercise[];
}
