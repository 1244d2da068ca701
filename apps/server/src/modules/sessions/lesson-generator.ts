import type { ContentBank } from '@parla/content/load-content';
import { maskWord } from '@parla/shared/answers';
import type { ContentLesson, ContentSentence, ContentWord, NativeLanguage, TargetLanguage } from '@parla/shared/content.schema';
import type { Exercise } from '@parla/shared/lessons.schema';
import { EXERCISE_XP } from '@parla/shared/scoring';
import { serverText } from '@parla/shared/texts/server-texts';
import type { ExerciseKey } from '../marking/marking';
import { seededRandom, shuffled } from './random';

export interface GeneratedExercise {
  exercise: Exercise;
  key: ExerciseKey;
  explanation: string;
  /** Content ids the exercise practises (words feed the review deck). */
  wordIds: string[];
}

export interface GenerateLessonInput {
  bank: ContentBank;
  lesson: ContentLesson;
  course: TargetLanguage;
  native: NativeLanguage;
  seed: number;
}

const BLANK = '____';
const OPTION_IDS = ['a', 'b', 'c', 'd'];

/** The lesson's sentences first, then the rest of its unit, for when a lesson has too few. */
function sentencePool(bank: ContentBank, lesson: ContentLesson): ContentSentence[] {
  const unit = bank.unitsById.get(lesson.unitId);
  const others = unit
    ? unit.lessons.filter((candidate) => candidate.id !== lesson.id).flatMap((candidate) => candidate.sentences)
    : [];
  return [...lesson.sentences, ...others];
}

/** Replaces the blank token in the sentence text, counting repeats so the right one is hidden. */
function contextWithBlank(sentence: ContentSentence, course: TargetLanguage): { context: string; token: string } | undefined {
  const form = sentence.forms[course];
  if (form.blank === undefined) return undefined;
  const token = form.tokens[form.blank];
  if (!token) return undefined;
  const repeatsBefore = form.tokens.slice(0, form.blank).filter((candidate) => candidate === token).length;
  let from = 0;
  for (let seen = 0; seen <= repeatsBefore; seen++) {
    const at = form.text.indexOf(token, from);
    if (at === -1) return undefined;
    if (seen === repeatsBefore)
      return { context: `${form.text.slice(0, at)}${BLANK}${form.text.slice(at + token.length)}`, token };
    from = at + token.length;
  }
  return undefined;
}

/** Shuffles a sentence's tokens so that they never come out in the answer's order (if they can). */
function scrambled(tokens: readonly string[], random: () => number): string[] {
  let words = shuffled(tokens, random);
  // A shuffle that happens to give the answer away is shuffled again (deterministically).
  for (let attempt = 0; attempt < 5 && words.join('\u0000') === tokens.join('\u0000'); attempt++)
    words = shuffled(tokens, random);
  return words;
}

/**
 * Spec §9 "Generated lesson": 3 multiple choice, 2 fill-in-the-blank and 2 word-ordering
 * exercises; then one listening and one speaking exercise (ours); all shuffled. The same inputs
 * and seed always give the same lesson.
 */
export function generateLesson({ bank, lesson, course, native, seed }: GenerateLessonInput): GeneratedExercise[] {
  const random = seededRandom(seed);
  const base = (skill: string) => ({
    instruction_language: native,
    metadata: { target_language: course, native_language: native, skill_type: skill },
  });
  const unitWords = bank.unitsById.get(lesson.unitId)?.lessons.flatMap((candidate) => candidate.words) ?? lesson.words;
  const generated: GeneratedExercise[] = [];

  for (const word of shuffled(lesson.words, random).slice(0, 3)) {
    const answer = word.forms[course];
    // Same part of speech first; never two options that read the same.
    const seen = new Set([answer.text]);
    const distractors = shuffled(
      unitWords.filter((other: ContentWord) => other.id !== word.id),
      random,
    )
      .sort((a, b) => Number(b.pos === word.pos) - Number(a.pos === word.pos))
      .filter((other) => !seen.has(other.forms[course].text) && seen.add(other.forms[course].text))
      .slice(0, 3);
    const options = shuffled([word, ...distractors], random).map((option, index) => ({
      id: OPTION_IDS[index] ?? String(index),
      text: option.forms[course].text,
      ...(option.forms[course].roman ? { roman: option.forms[course].roman } : {}),
      isAnswer: option.id === word.id,
    }));
    const correct = options.find((option) => option.isAnswer);
    generated.push({
      exercise: {
        id: '',
        type: 'multiple-choice',
        instruction: serverText(native, 'exercise.choose'),
        xp_reward: EXERCISE_XP['multiple-choice'],
        ...base('vocabulary'),
        content: {
          prompt: serverText(native, 'exercise.howDoYouSay', { word: word.forms[native].text }),
          options: options.map(({ isAnswer: _isAnswer, ...option }) => option),
        },
      },
      key: { kind: 'option', optionId: correct?.id ?? 'a', text: answer.text },
      explanation: serverText(native, 'exercise.means', { target: answer.text, native: word.forms[native].text }),
      wordIds: [word.id],
    });
  }

  const pool = sentencePool(bank, lesson);
  const fillable = pool.filter((sentence) => contextWithBlank(sentence, course));
  const forFill = shuffled(fillable.slice(0, Math.max(2, lesson.sentences.length)), random).slice(0, 2);
  for (const sentence of forFill) {
    const blanked = contextWithBlank(sentence, course);
    if (!blanked) continue;
    generated.push({
      exercise: {
        id: '',
        type: 'fill-blank',
        instruction: serverText(native, 'exercise.fill'),
        xp_reward: EXERCISE_XP['fill-blank'],
        ...base('writing'),
        content: { context: blanked.context, masked_word: maskWord(blanked.token, course), hint: sentence.forms[native].text },
      },
      key: { kind: 'text', text: blanked.token, alternatives: [] },
      explanation: serverText(native, 'exercise.means', {
        target: sentence.forms[course].text,
        native: sentence.forms[native].text,
      }),
      wordIds: [],
    });
  }

  const orderable = pool.filter((sentence) => sentence.forms[course].tokens.length >= 3);
  const unused = orderable.filter((sentence) => !forFill.includes(sentence));
  const forOrder = shuffled(unused.length >= 2 ? unused : orderable, random).slice(0, 2);
  for (const sentence of forOrder) {
    const tokens = sentence.forms[course].tokens;
    const words = scrambled(tokens, random);
    generated.push({
      exercise: {
        id: '',
        type: 'drag-drop',
        instruction: serverText(native, 'exercise.order'),
        xp_reward: EXERCISE_XP['drag-drop'],
        ...base('grammar'),
        content: { prompt: sentence.forms[native].text, words },
      },
      // The sentence as written, for the feedback: the tokens lose its punctuation and spacing.
      key: { kind: 'tokens', tokens: [...tokens], text: sentence.forms[course].text },
      explanation: serverText(native, 'exercise.means', {
        target: sentence.forms[course].text,
        native: sentence.forms[native].text,
      }),
      wordIds: [],
    });
  }

  // Listening and speaking prefer sentences the other exercises have not shown.
  const shown = new Set([...forFill, ...forOrder]);
  const fresh = <T extends ContentSentence>(candidates: T[]) => {
    const unseen = candidates.filter((sentence) => !shown.has(sentence));
    return shuffled(unseen.length > 0 ? unseen : candidates, random)[0];
  };

  const heard = fresh(orderable);
  if (heard) {
    shown.add(heard);
    const form = heard.forms[course];
    generated.push({
      exercise: {
        id: '',
        type: 'listening',
        instruction: serverText(native, 'exercise.listen'),
        xp_reward: EXERCISE_XP.listening,
        ...base('listening'),
        content: { words: scrambled(form.tokens, random), speech_text: form.text },
      },
      key: { kind: 'tokens', tokens: [...form.tokens], text: form.text },
      explanation: serverText(native, 'exercise.means', { target: form.text, native: heard.forms[native].text }),
      wordIds: [],
    });
  }

  const said = fresh(lesson.sentences.length > 0 ? lesson.sentences : pool);
  if (said) {
    const form = said.forms[course];
    generated.push({
      exercise: {
        id: '',
        type: 'speaking',
        instruction: serverText(native, 'exercise.speak'),
        xp_reward: EXERCISE_XP.speaking,
        ...base('speaking'),
        content: {
          sentence: form.text,
          ...(form.roman ? { roman: form.roman } : {}),
          translation: said.forms[native].text,
        },
      },
      key: { kind: 'speech', text: form.text, alternatives: [...form.alt] },
      explanation: serverText(native, 'exercise.means', { target: form.text, native: said.forms[native].text }),
      wordIds: [],
    });
  }

  return shuffled(generated, random).map((item, index) => ({ ...item, exercise: { ...item.exercise, id: `ex${index + 1}` } }));
}
