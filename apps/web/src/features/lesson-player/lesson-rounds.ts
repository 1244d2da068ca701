import { checkAnswer, checkSpeech } from '@parla/shared/answers';
import type { AnswerExerciseResponse, Exercise } from '@parla/shared/lessons.schema';
import { sameSentence } from './lesson-language';

export type Answer = string | string[];
export type ExerciseResult = Pick<
  AnswerExerciseResponse,
  | 'correct'
  | 'verdict'
  | 'expected'
  | 'expected_roman'
  | 'expected_option_id'
  | 'explanation'
  | 'similarity'
  | 'heard'
  | 'skipped'
>;

/**
 * Marks a practice-round answer ("Try again") against the answer the server revealed the first
 * time. The server keeps the first answer of each exercise (that is what the score counts), so
 * a second answer is marked here, with the same shared rules the server uses.
 */
export function markPractice(exercise: Exercise, answer: Answer, recorded: ExerciseResult, course: string): ExerciseResult {
  const same = {
    expected: recorded.expected,
    ...(recorded.expected_roman ? { expected_roman: recorded.expected_roman } : {}),
    explanation: recorded.explanation,
  };
  if (exercise.type === 'multiple-choice') {
    const correct = answer === recorded.expected_option_id;
    return { ...same, correct, verdict: correct ? 'exact' : 'wrong', expected_option_id: recorded.expected_option_id };
  }
  if (exercise.type === 'fill-blank') {
    // The romanisation the server revealed is accepted again, as it was the first time.
    const romanisations = recorded.expected_roman ? [recorded.expected_roman] : [];
    const check = checkAnswer(
      typeof answer === 'string' ? answer : answer.join(' '),
      recorded.expected,
      [],
      course,
      romanisations,
    );
    return { ...same, correct: check.correct, verdict: check.verdict };
  }
  if (exercise.type === 'speaking') {
    const check = checkSpeech(typeof answer === 'string' ? [answer] : answer, recorded.expected, [], course);
    return { ...same, correct: check.correct, verdict: check.verdict, similarity: check.similarity, heard: check.heard };
  }
  const correct = Array.isArray(answer) && sameSentence(answer, recorded.expected, course);
  return { ...same, correct, verdict: correct ? 'exact' : 'wrong' };
}
