import type { ContentBank } from '@parla/content/load-content';
import { foldRomanisation, maskWord, normaliseAnswer } from '@parla/shared/answers';
import {
  type ContentLesson,
  type ContentSentence,
  type ContentWord,
  isRomanisedLanguage,
  type LanguageValue,
  type NativeLanguage,
  type TargetLanguage,
} from '@parla/shared/content.schema';
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
  /** The language of the instructions, prompts and explanations (Learner.textLanguage); the native one by default. */
  textLanguage?: NativeLanguage;
  seed: number;
}

const BLANK = '____';
const OPTION_IDS = ['a', 'b', 'c', 'd'];
/** Words offered besides the answer in a fill-in's word bank (4–6 chips in all). */
const WORD_BANK_DISTRACTORS = 4;

/**
 * What a learner has been taught by the end of a lesson, nearest first: the lesson, the earlier
 * lessons of its unit (latest first), then earlier units (latest first). Course order is unit
 * order, then lesson order; nothing from a later lesson is ever used (issue 14, point 10).
 */
function taughtLessons(bank: ContentBank, lesson: ContentLesson): ContentLesson[] {
  const unit = bank.unitsById.get(lesson.unitId);
  if (!unit) return [lesson];
  const earlierInUnit = unit.lessons.filter((candidate) => candidate.index < lesson.index).reverse();
  const earlierUnits = bank.units
    .filter((candidate) => candidate.order < unit.order)
    .reverse()
    .flatMap((candidate) => [...candidate.lessons].reverse());
  return [lesson, ...earlierInUnit, ...earlierUnits];
}

/** The normalised form's token romanisations, when the content has them (older banks do not). */
function tokensRoman(form: LanguageValue): readonly string[] | undefined {
  const romans = (form as LanguageValue & { tokens_roman?: readonly string[] }).tokens_roman;
  return romans && romans.length === form.tokens.length ? romans : undefined;
}

/**
 * Romanisations of a course's words and tokens by their normalised text (words win: they are
 * authored). Looked up only for texts already taught; built once per bank and course.
 */
const romanisationCache = new WeakMap<ContentBank, Map<TargetLanguage, ReadonlyMap<string, string>>>();
function romanisationsOf(bank: ContentBank, course: TargetLanguage): ReadonlyMap<string, string> {
  let byCourse = romanisationCache.get(bank);
  if (!byCourse) {
    byCourse = new Map();
    romanisationCache.set(bank, byCourse);
  }
  const cached = byCourse.get(course);
  if (cached) return cached;
  const lessons = bank.units.flatMap((unit) => unit.lessons);
  const romans = new Map<string, string>();
  for (const lesson of lessons) {
    for (const sentence of lesson.sentences) {
      const form = sentence.forms[course];
      tokensRoman(form)?.forEach((roman, index) => {
        const key = normaliseAnswer(form.tokens[index] ?? '', course);
        if (roman && !romans.has(key)) romans.set(key, roman);
      });
    }
  }
  for (const lesson of lessons) {
    for (const word of lesson.words) {
      const { text, roman } = word.forms[course];
      if (roman) romans.set(normaliseAnswer(text, course), roman);
    }
  }
  byCourse.set(course, romans);
  return romans;
}

/**
 * A text's normalised form in a course, made once per bank, course and text (ADR 032): the word
 * bank compares every taught word and token this way on each start, and normalising is most of a
 * non-Latin lesson's generation.
 */
const normalisedCache = new WeakMap<ContentBank, Map<TargetLanguage, Map<string, string>>>();
function normaliserOf(bank: ContentBank, course: TargetLanguage): (text: string) => string {
  let byCourse = normalisedCache.get(bank);
  if (!byCourse) {
    byCourse = new Map();
    normalisedCache.set(bank, byCourse);
  }
  let cache = byCourse.get(course);
  if (!cache) {
    cache = new Map();
    byCourse.set(course, cache);
  }
  const known = cache;
  return (text) => {
    let normal = known.get(text);
    if (normal === undefined) {
      normal = normaliseAnswer(text, course);
      known.set(text, normal);
    }
    return normal;
  };
}

/** romanWithBlank's answers, per sentence form and answer romanisation (they depend on nothing else). */
const romanWithBlankCache = new WeakMap<LanguageValue, Map<string, string | undefined>>();

/** The sentence's romanisation with the blank word's hidden, or nothing when it cannot be hidden. */
function romanWithBlank(form: LanguageValue, answerRoman: string | undefined): string | undefined {
  if (!form.roman || !answerRoman || form.blank === undefined) return undefined;
  let byAnswer = romanWithBlankCache.get(form);
  if (!byAnswer) {
    byAnswer = new Map();
    romanWithBlankCache.set(form, byAnswer);
  }
  if (byAnswer.has(answerRoman)) return byAnswer.get(answerRoman);
  const hidden = hideRoman(form, form.roman, answerRoman);
  byAnswer.set(answerRoman, hidden);
  return hidden;
}

/** The work of romanWithBlank, done once per form and answer. */
function hideRoman(form: LanguageValue, formRoman: string, answerRoman: string): string | undefined {
  // The answer's romanisation as whole words, found once: anything else could hide the wrong part.
  const escaped = answerRoman.normalize('NFC').replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const whole = new RegExp(`(?<![\\p{L}\\p{M}])${escaped}(?![\\p{L}\\p{M}])`, 'giu');
  const roman = formRoman.normalize('NFC');
  if ([...roman.matchAll(whole)].length === 1) return roman.replace(whole, BLANK);
  const romans = tokensRoman(form);
  if (!romans) return undefined;
  return romans.map((roman, index) => (index === form.blank ? BLANK : roman)).join(' ');
}

/** The lesson's sentences first, then those of earlier lessons, for when a lesson has too few. */
function sentencePool(taught: readonly ContentLesson[]): ContentSentence[] {
  return taught.flatMap((lesson) => lesson.sentences);
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

/**
 * Shuffles a sentence's tokens so that they never come out in the answer's order (if they can),
 * with their romanisations (when the content has them) in the same order.
 */
function scrambled(form: LanguageValue, random: () => number): { words: string[]; words_roman?: string[] } {
  const { tokens } = form;
  const indices = tokens.map((_, index) => index);
  const wordsOf = (order: number[]) => order.map((index) => tokens[index] ?? '');
  let order = shuffled(indices, random);
  // A shuffle that happens to give the answer away is shuffled again (deterministically).
  for (let attempt = 0; attempt < 5 && wordsOf(order).join('\u0000') === tokens.join('\u0000'); attempt++)
    order = shuffled(indices, random);
  // Still in order (likely with two words): moving the first word last always changes it.
  if (wordsOf(order).join('\u0000') === tokens.join('\u0000')) order = [...order.slice(1), ...order.slice(0, 1)];
  const romans = tokensRoman(form);
  return { words: wordsOf(order), ...(romans ? { words_roman: order.map((index) => romans[index] ?? '') } : {}) };
}

/**
 * A fill-in's word bank (non-Latin courses, for learners without the script's keyboard): the
 * answer among words and tokens taught so far, nearest lessons first, none that would also be
 * right or read the same, shuffled by the session's seed.
 */
function wordBank(
  answer: string,
  sentence: ContentSentence,
  taught: readonly ContentLesson[],
  romans: ReadonlyMap<string, string>,
  course: TargetLanguage,
  random: () => number,
  key: (text: string) => string,
): { text: string; roman?: string }[] {
  const form = sentence.forms[course];
  const answerRoman = romans.get(key(answer));
  // Other ways to write the answer word (おはよう for おはようございます) would be right too.
  const answerWords = taught.flatMap((lesson) => lesson.words).filter((word) => key(word.forms[course].text) === key(answer));
  const excluded = new Set([...form.tokens, ...form.alt, ...answerWords.flatMap((word) => word.forms[course].alt)].map(key));
  const seen = new Set<string>();
  const candidates: string[] = [];
  for (const lesson of taught) {
    const texts = [
      ...lesson.words.map((word) => word.forms[course].text),
      ...lesson.sentences.flatMap((other) => other.forms[course].tokens),
    ];
    for (const text of shuffled(texts, random)) {
      const normal = key(text);
      const roman = romans.get(normal);
      if (normal === '' || excluded.has(normal) || seen.has(normal)) continue;
      if (roman && answerRoman && foldRomanisation(roman, course) === foldRomanisation(answerRoman, course)) continue;
      seen.add(normal);
      candidates.push(text);
    }
    if (candidates.length >= WORD_BANK_DISTRACTORS * 2) break;
  }
  const chosen = [answer, ...shuffled(candidates.slice(0, WORD_BANK_DISTRACTORS * 2), random).slice(0, WORD_BANK_DISTRACTORS)];
  return shuffled(chosen, random).map((text) => {
    const roman = romans.get(key(text));
    return roman ? { text, roman } : { text };
  });
}

/**
 * Spec §9 "Generated lesson": 3 multiple choice, 2 fill-in-the-blank and 2 word-ordering
 * exercises; then one listening and one speaking exercise (ours); all shuffled. The same inputs
 * and seed always give the same lesson.
 */
export function generateLesson({
  bank,
  lesson,
  course,
  native,
  textLanguage = native,
  seed,
}: GenerateLessonInput): GeneratedExercise[] {
  const random = seededRandom(seed);
  const base = (skill: string) => ({
    instruction_language: textLanguage,
    metadata: { target_language: course, native_language: native, skill_type: skill },
  });
  const taught = taughtLessons(bank, lesson);
  const romanised = isRomanisedLanguage(course);
  const romans = romanised ? romanisationsOf(bank, course) : new Map<string, string>();
  const normalised = normaliserOf(bank, course);
  // Distractors: words of this unit taught so far, then of earlier units (never a later lesson's).
  const taughtWords = taught.flatMap((candidate) => candidate.words);
  const unitWords = taughtWords.filter((word) => word.unitId === lesson.unitId);
  const earlierWords = taughtWords.filter((word) => word.unitId !== lesson.unitId);
  const generated: GeneratedExercise[] = [];

  for (const word of shuffled(lesson.words, random).slice(0, 3)) {
    const answer = word.forms[course];
    // Same part of speech first; never two options that read the same.
    const seen = new Set([answer.text]);
    const distractors = [
      ...shuffled(
        unitWords.filter((other: ContentWord) => other.id !== word.id),
        random,
      ),
      ...shuffled(earlierWords, random),
    ]
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
        instruction: serverText(textLanguage, 'exercise.choose'),
        xp_reward: EXERCISE_XP['multiple-choice'],
        ...base('vocabulary'),
        content: {
          prompt: serverText(textLanguage, 'exercise.howDoYouSay', { word: word.forms[native].text }),
          options: options.map(({ isAnswer: _isAnswer, ...option }) => option),
        },
      },
      key: { kind: 'option', optionId: correct?.id ?? 'a', text: answer.text, ...(answer.roman ? { roman: answer.roman } : {}) },
      explanation: serverText(textLanguage, 'exercise.means', { target: answer.text, native: word.forms[native].text }),
      wordIds: [word.id],
    });
  }

  const pool = sentencePool(taught);
  const fillable = pool.filter((sentence) => contextWithBlank(sentence, course));
  const forFill = shuffled(fillable.slice(0, Math.max(2, lesson.sentences.length)), random).slice(0, 2);
  for (const sentence of forFill) {
    const blanked = contextWithBlank(sentence, course);
    if (!blanked) continue;
    const form = sentence.forms[course];
    const blank = form.blank ?? -1;
    // A romanised answer is accepted: the token's own romanisation and, when the token is a taught
    // word, the word's (issue 14, point 2).
    const tokenRoman = tokensRoman(form)?.[blank];
    const wordRoman = romans.get(normalised(blanked.token));
    const answerRoman = tokenRoman ?? wordRoman;
    const romanisations = [...new Set([tokenRoman, wordRoman].filter((roman): roman is string => Boolean(roman)))];
    const sentenceRoman = romanWithBlank(form, answerRoman);
    generated.push({
      exercise: {
        id: '',
        type: 'fill-blank',
        instruction: serverText(textLanguage, 'exercise.fill'),
        xp_reward: EXERCISE_XP['fill-blank'],
        ...base('writing'),
        content: {
          context: blanked.context,
          masked_word: maskWord(blanked.token, course),
          hint: sentence.forms[native].text,
          ...(sentenceRoman ? { roman: sentenceRoman } : {}),
          ...(romanised ? { choices: wordBank(blanked.token, sentence, taught, romans, course, random, normalised) } : {}),
        },
      },
      key: {
        kind: 'text',
        text: blanked.token,
        alternatives: [],
        ...(answerRoman ? { roman: answerRoman, romanisations } : {}),
      },
      explanation: serverText(textLanguage, 'exercise.means', {
        target: sentence.forms[course].text,
        native: sentence.forms[native].text,
      }),
      wordIds: [],
    });
  }

  // Three words or more make a real puzzle; a first lesson with too few such sentences uses two.
  const long = pool.filter((sentence) => sentence.forms[course].tokens.length >= 3);
  const orderable = long.length >= 2 ? long : [...long, ...pool.filter((sentence) => sentence.forms[course].tokens.length === 2)];
  const unused = orderable.filter((sentence) => !forFill.includes(sentence));
  const forOrder = shuffled(unused.length >= 2 ? unused : orderable, random).slice(0, 2);
  for (const sentence of forOrder) {
    const form = sentence.forms[course];
    const { tokens } = form;
    generated.push({
      exercise: {
        id: '',
        type: 'drag-drop',
        instruction: serverText(textLanguage, 'exercise.order'),
        xp_reward: EXERCISE_XP['drag-drop'],
        ...base('grammar'),
        content: { prompt: sentence.forms[native].text, ...scrambled(form, random) },
      },
      // The sentence as written, for the feedback: the tokens lose its punctuation and spacing.
      key: { kind: 'tokens', tokens: [...tokens], text: form.text, ...(form.roman ? { roman: form.roman } : {}) },
      explanation: serverText(textLanguage, 'exercise.means', {
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
        instruction: serverText(textLanguage, 'exercise.listen'),
        xp_reward: EXERCISE_XP.listening,
        ...base('listening'),
        content: { ...scrambled(form, random), speech_text: form.text },
      },
      key: { kind: 'tokens', tokens: [...form.tokens], text: form.text, ...(form.roman ? { roman: form.roman } : {}) },
      explanation: serverText(textLanguage, 'exercise.means', { target: form.text, native: heard.forms[native].text }),
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
        instruction: serverText(textLanguage, 'exercise.speak'),
        xp_reward: EXERCISE_XP.speaking,
        ...base('speaking'),
        content: {
          sentence: form.text,
          ...(form.roman ? { roman: form.roman } : {}),
          translation: said.forms[native].text,
        },
      },
      key: { kind: 'speech', text: form.text, alternatives: [...form.alt], ...(form.roman ? { roman: form.roman } : {}) },
      explanation: serverText(textLanguage, 'exercise.means', { target: form.text, native: said.forms[native].text }),
      wordIds: [],
    });
  }

  return shuffled(generated, random).map((item, index) => ({ ...item, exercise: { ...item.exercise, id: `ex${index + 1}` } }));
}
