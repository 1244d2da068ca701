import { checkAnswer, checkSpeech, checkWordOrder, MAX_SPEECH_ALTERNATIVES } from '@parla/shared/answers';
import type { TargetLanguage } from '@parla/shared/content.schema';
import { AppError } from '@parla/shared/errors';
import type { AnswerExerciseBody, AnswerExerciseResponse, Exercise, SkipExerciseBody } from '@parla/shared/lessons.schema';

/**
 * How an exercise is marked; stored with the session, never sent before the answer. `roman`: the
 * answer's romanisation in a non-Latin course, shown with it in the feedback (sessions stored
 * before it existed have none).
 */
export type ExerciseKey =
  | { kind: 'option'; optionId: string; text: string; roman?: string }
  /** `romanisations`: romanised spellings accepted as the answer (the token's, the word's). */
  | { kind: 'text'; text: string; alternatives: string[]; roman?: string; romanisations?: string[] }
  /** `text`: the sentence as written (sessions stored before it existed have only the tokens). */
  | { kind: 'tokens'; tokens: string[]; text?: string; roman?: string }
  | { kind: 'speech'; text: string; alternatives: string[]; roman?: string };

/** An exercise with its key, as the sessions module stores it. */
interface MarkableExercise {
  exercise: Exercise;
  key: ExerciseKey;
}

// Marking: what an answer to a generated exercise is worth, decided on the server from the key the
// browser never sees. Pure functions; the sessions module stores what they return.

/** Which skip reasons fit which exercise: only audio items can be skipped at all. */
const SKIPPABLE: Partial<Record<Exercise['type'], readonly SkipExerciseBody['reason'][]>> = {
  listening: ['cant_listen', 'unsupported'],
  speaking: ['cant_speak', 'unsupported'],
};

/** The expected answer as written (word order: the sentence with its punctuation, else the tokens joined the course's way). */
export const expectedText = (key: ExerciseKey, course: string) =>
  key.kind === 'tokens' ? (key.text ?? key.tokens.join(course === 'ja' || course === 'zh' ? '' : ' ')) : key.text;

/** The expected answer's romanisation, for the feedback, when the key has one. */
const romanOf = (key: ExerciseKey) => (key.roman ? { expected_roman: key.roman } : {});

const invalid = (detail: string, message: string) => new AppError('validation_error', detail, [{ path: 'body.answer', message }]);

/** Marks an answer; an answer of the wrong shape for the exercise is a 400. */
export function markAnswer(
  item: MarkableExercise,
  answer: AnswerExerciseBody['answer'],
  course: TargetLanguage,
  explanation: AnswerExerciseResponse['explanation'],
): AnswerExerciseResponse {
  const exercise_id = item.exercise.id;
  const { key } = item;
  if (key.kind === 'option') {
    if (typeof answer !== 'string') throw invalid('Answer with the id of one option.', 'Expected an option id.');
    const correct = answer === key.optionId;
    return {
      exercise_id,
      correct,
      verdict: correct ? 'exact' : 'wrong',
      expected: key.text,
      ...romanOf(key),
      expected_option_id: key.optionId,
      explanation,
    };
  }
  if (key.kind === 'text') {
    if (typeof answer !== 'string') throw invalid('Answer with the missing word.', 'Expected text.');
    const check = checkAnswer(answer, key.text, key.alternatives, course, key.romanisations ?? []);
    return {
      exercise_id,
      correct: check.correct,
      verdict: check.verdict,
      expected: check.expected,
      ...romanOf(key),
      explanation,
    };
  }
  if (key.kind === 'speech') {
    const transcripts = typeof answer === 'string' ? [answer] : answer;
    if (transcripts.length > MAX_SPEECH_ALTERNATIVES) {
      throw invalid(
        `Send at most ${MAX_SPEECH_ALTERNATIVES} transcripts.`,
        `Expected at most ${MAX_SPEECH_ALTERNATIVES} transcripts.`,
      );
    }
    const check = checkSpeech(transcripts, key.text, key.alternatives, course);
    return {
      exercise_id,
      correct: check.correct,
      verdict: check.verdict,
      expected: check.expected,
      ...romanOf(key),
      similarity: check.similarity,
      heard: check.heard,
      explanation,
    };
  }
  if (!Array.isArray(answer)) throw invalid('Answer with the words in order.', 'Expected a list of words.');
  const correct = checkWordOrder(answer, key.tokens, course);
  return {
    exercise_id,
    correct,
    verdict: correct ? 'exact' : 'wrong',
    expected: expectedText(key, course),
    ...romanOf(key),
    explanation,
  };
}

/**
 * The record of a skipped listening or speaking item (it then counts neither way); a 400 for an
 * exercise that cannot be skipped, or not for that reason.
 */
export function markSkip(
  item: MarkableExercise,
  reason: SkipExerciseBody['reason'],
  course: string,
  explanation: AnswerExerciseResponse['explanation'],
): AnswerExerciseResponse {
  const allowed = SKIPPABLE[item.exercise.type];
  if (!allowed) {
    throw new AppError('bad_request', 'Only listening and speaking exercises can be skipped.', [
      { path: 'params.exerciseId', message: `A ${item.exercise.type} exercise cannot be skipped.` },
    ]);
  }
  if (!allowed.includes(reason)) {
    throw new AppError('validation_error', `A ${item.exercise.type} exercise cannot be skipped for "${reason}".`, [
      { path: 'body.reason', message: `Expected one of: ${allowed.join(', ')}.` },
    ]);
  }
  return {
    exercise_id: item.exercise.id,
    correct: false,
    verdict: 'skipped',
    skipped: reason,
    expected: expectedText(item.key, course),
    ...romanOf(item.key),
    explanation,
  };
}
