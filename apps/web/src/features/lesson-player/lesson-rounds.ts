import { checkAnswer, checkSpeech } from '@parla/shared/answers';
import type { AnswerExerciseResponse, Exercise } from '@parla/shared/lessons.schema';
import { accuracyPercent, lessonBadge, lessonXp } from '@parla/shared/scoring';
import { sameSentence } from './lesson-language';

export type Answer = string | string[];
export type ExerciseResult = Pick<
  AnswerExerciseResponse,
  'correct' | 'verdict' | 'expected' | 'expected_option_id' | 'explanation' | 'similarity' | 'heard' | 'skipped'
>;

/**
 * Marks a practice-round answer ("Try again") against the answer the server revealed the first
 * time. The server keeps the first answer of each exercise (that is what the score counts), so
 * a second answer is marked here, with the same shared rules the server uses.
 */
export function markPractice(exercise: Exercise, answer: Answer, recorded: ExerciseResult, course: string): ExerciseResult {
  const same = { expected: recorded.expected, explanation: recorded.explanation };
  if (exercise.type === 'multiple-choice') {
    const correct = answer === recorded.expected_option_id;
    return { ...same, correct, verdict: correct ? 'exact' : 'wrong', expected_option_id: recorded.expected_option_id };
  }
  if (exercise.type === 'fill-blank') {
    const check = checkAnswer(typeof answer === 'string' ? answer : answer.join(' '), recorded.expected, [], course);
    return { ...same, correct: check.correct, verdict: check.verdict };
  }
  if (exercise.type === 'speaking') {
    const check = checkSpeech(typeof answer === 'string' ? [answer] : answer, recorded.expected, [], course);
    return { ...same, correct: check.correct, verdict: check.verdict, similarity: check.similarity, heard: check.heard };
  }
  const correct = Array.isArray(answer) && sameSentence(answer, recorded.expected, course);
  return { ...same, correct, verdict: correct ? 'exact' : 'wrong' };
}

/**
 * The lesson's score as the server will count it (spec §9), from the server's own verdicts.
 * Skipped listening and speaking items count neither for nor against it.
 */
export function summarise(exercises: readonly Exercise[], recorded: Readonly<Record<string, ExerciseResult | undefined>>) {
  const skipped = exercises.filter((exercise) => recorded[exercise.id]?.skipped).length;
  const total = exercises.length - skipped;
  const correct = exercises.filter((exercise) => recorded[exercise.id]?.correct).length;
  const score = accuracyPercent(correct, total);
  return { correct, total, skipped, score, xp: lessonXp(score), badge: lessonBadge(score) };
}
