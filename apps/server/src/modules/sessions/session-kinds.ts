import type { AnswerExerciseResponse } from '@parla/shared/lessons.schema';
import type { AnswerPracticeResponse, PracticeQuestion } from '@parla/shared/practice.schema';
import type { lessonSessions } from '../../db/schema/index';
import type { GeneratedExercise } from './lesson-generator';

// What a session stores in its jsonb columns, by kind. The table holds every kind; this union is
// how the code sees a row, narrowed by `kind` instead of cast at each use.

/** A practice or review question with its key, as stored (the key never leaves the server). */
export interface StoredQuestion {
  question: PracticeQuestion;
  correctAnswer: number;
  explanation: string;
}

type SessionRow = typeof lessonSessions.$inferSelect;
type Common = Omit<SessionRow, 'kind' | 'exercises' | 'answers' | 'result'>;

export type LessonSession = Common & {
  kind: 'lesson';
  exercises: GeneratedExercise[];
  /** Exercise id → the first answer (or skip). */
  answers: Record<string, AnswerExerciseResponse>;
  result: unknown;
};

export type PracticeSession = Common & {
  kind: 'practice' | 'review';
  exercises: StoredQuestion[];
  /** Question id → the first answer (null answer: the time ran out). */
  answers: Record<string, AnswerPracticeResponse>;
  result: unknown;
};

export type Session = LessonSession | PracticeSession;

/**
 * A row as its kind's shape. The one place the stored jsonb is trusted: only this module writes
 * it, from the same types.
 */
export function asSession(row: SessionRow): Session {
  return row as unknown as Session;
}

/** A stored answer by the client's id: only own keys count (`__proto__` finds nothing). */
export function storedAnswer<Answer>(answers: Record<string, Answer>, id: string): Answer | undefined {
  return Object.hasOwn(answers, id) ? answers[id] : undefined;
}
