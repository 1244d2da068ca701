/**
 * Answer checking shared by the server (which decides) and the web app (instant feedback).
 * Lenient where learners deserve it: case, surrounding space and punctuation never matter; a
 * missing accent (Latin scripts) or a one-letter slip in a word of five or more letters is
 * accepted but pointed out; alternatives from the content bank are accepted as they are. In a
 * non-Latin course, the answer's romanisation is accepted too (no native keyboard needed).
 */
export type AnswerVerdict = 'exact' | 'alternative' | 'missing_accent' | 'typo' | 'romanised' | 'wrong';

export interface AnswerCheck {
  correct: boolean;
  verdict: AnswerVerdict;
  /** The form to show as the right answer. */
  expected: string;
}

const PUNCTUATION = /[\p{P}\p{S}]/gu;
const SPACES = /\s+/gu;
const LATIN = /\p{Script=Latin}/u;
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/** Case-folded, punctuation-free, single-spaced; ё and е are one letter to Russian readers. */
export function normaliseAnswer(text: string, language: string): string {
  return text
    .normalize('NFC')
    .toLocaleLowerCase(language)
    .replace(PUNCTUATION, ' ')
    .replace(SPACES, ' ')
    .trim()
    .replaceAll('ё', 'е');
}

/** Only Latin letters lose their accents: in Devanagari or kana the marks are letters. */
function withoutAccents(text: string): string {
  return text
    .normalize('NFD')
    .replace(/(\p{Script=Latin})\p{M}+/gu, '$1')
    .replaceAll('ß', 'ss')
    .normalize('NFC');
}

/** Levenshtein distance with adjacent transposition, stopping early above `limit`. */
function editDistance(a: string, b: string, limit: number): number {
  const x = [...a];
  const y = [...b];
  if (Math.abs(x.length - y.length) > limit) return limit + 1;
  let previousPrevious: number[] = [];
  let previous = Array.from({ length: y.length + 1 }, (_, index) => index);
  for (let i = 1; i <= x.length; i++) {
    const current = [i];
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let value = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1])
        value = Math.min(value, (previousPrevious[j - 2] ?? 0) + 1);
      current.push(value);
    }
    previousPrevious = previous;
    previous = current;
  }
  return previous[y.length] ?? limit + 1;
}

/** One slip in one word of at least five letters, every other word spelled right. */
function isSingleTypo(given: string, expected: string): boolean {
  const givenWords = given.split(' ');
  const expectedWords = expected.split(' ');
  if (givenWords.length !== expectedWords.length) return false;
  let slips = 0;
  for (let index = 0; index < expectedWords.length; index++) {
    const word = expectedWords[index] ?? '';
    const attempt = givenWords[index] ?? '';
    if (word === attempt) continue;
    if ([...word].length < 5 || CJK.test(word) || editDistance(attempt, word, 1) !== 1) return false;
    slips += 1;
  }
  return slips === 1;
}

/** Letters romanisations write for ʿayn, hamza, the soft sign or a syllable break: all optional. */
const ROMAN_APOSTROPHES = /[ʿʾʼʻ'’‘`´]/gu;

/**
 * A romanisation as learners type it without special keys: lower-case, marks dropped (nǐ → ni,
 * ṣ → s, ō → o), apostrophes, hyphens and spaces optional, a doubled vowel the same as a single
 * one (ā ↔ aa ↔ a); in Japanese "ou" is a long o (ohayou ↔ ohayō), in Chinese tone numbers and
 * "v" for ü are allowed (ni3 hao3, lv).
 */
export function foldRomanisation(text: string, language: string): string {
  let folded = text
    .normalize('NFD')
    .toLowerCase()
    .replace(/\p{M}+/gu, '')
    .replace(ROMAN_APOSTROPHES, '')
    .replace(/[\p{P}\p{S}\s]+/gu, '')
    .replaceAll('ß', 'ss');
  if (language === 'zh') folded = folded.replace(/[1-5]/g, '').replaceAll('v', 'u');
  const single = (value: string) => value.replace(/([aeiou])\1+/g, '$1');
  // Long vowels first ("ouu" is "ou"), then Japanese ō written "ou", which may leave a new pair ("oo").
  if (language === 'ja') folded = single(folded).replaceAll('ou', 'o');
  return single(folded);
}

/** A romanised answer: exactly one of the accepted romanisations once folded, or one slip away. */
function checkRomanised(given: string, romanisations: readonly string[], language: string): AnswerVerdict | undefined {
  const answer = foldRomanisation(given, language);
  if (answer.length === 0) return undefined;
  const folded = romanisations.map((candidate) => foldRomanisation(candidate, language)).filter(Boolean);
  if (folded.includes(answer)) return 'romanised';
  if (folded.some((candidate) => [...candidate].length >= 5 && editDistance(answer, candidate, 1) === 1)) return 'typo';
  return undefined;
}

/**
 * Marks a typed answer. `romanisations`: the expected answer's accepted romanisations (non-Latin
 * courses); an answer in Latin letters is then compared with them after folding.
 */
export function checkAnswer(
  given: string,
  expected: string,
  alternatives: readonly string[],
  language: string,
  romanisations: readonly string[] = [],
): AnswerCheck {
  const answer = normaliseAnswer(given, language);
  const accepted = [expected, ...alternatives];
  const normalised = accepted.map((candidate) => normaliseAnswer(candidate, language));
  const result = (correct: boolean, verdict: AnswerVerdict) => ({ correct, verdict, expected });

  if (answer.length === 0) return result(false, 'wrong');
  if (normalised[0] === answer) return result(true, 'exact');
  if (normalised.includes(answer)) return result(true, 'alternative');
  if (LATIN.test(expected)) {
    const bare = withoutAccents(answer);
    if (normalised.some((candidate) => withoutAccents(candidate) === bare)) return result(true, 'missing_accent');
    if (normalised.some((candidate) => isSingleTypo(bare, withoutAccents(candidate)))) return result(true, 'typo');
  } else {
    if (romanisations.length > 0 && LATIN.test(answer)) {
      const verdict = checkRomanised(given, romanisations, language);
      if (verdict) return result(true, verdict);
    }
    if (normalised.some((candidate) => isSingleTypo(answer, candidate))) return result(true, 'typo');
  }
  return result(false, 'wrong');
}

/** Word ordering must be exact, apart from case and punctuation (spec §5). */
export function checkWordOrder(given: readonly string[], expected: readonly string[], language: string): boolean {
  const join = (tokens: readonly string[]) => normaliseAnswer(tokens.join(' '), language);
  return given.length === expected.length && join(given) === join(expected);
}

/** Spec §9: fill-blank shows the first and last letters; CJK words keep their first character. */
export function maskWord(word: string, language: string): string {
  const characters = [...word];
  const blank = CJK.test(word) || language === 'ja' || language === 'zh' ? '＿' : '_';
  if (characters.length <= 1) return blank;
  if (characters.length === 2) return `${characters[0]}${blank}`;
  return `${characters[0]}${blank.repeat(characters.length - 2)}${characters.at(-1)}`;
}

/**
 * Speaking: how close a speech recogniser's transcript must come to the sentence. Recognisers
 * mishear a letter or split words differently even for good speakers, so exact matching would
 * fail them; 0.8 still fails a different sentence or one with a word missing from a short one.
 */
export const SPEECH_PASS_SIMILARITY = 0.8;
/** Recognition alternatives a learner's answer may carry (SpeechRecognition.maxAlternatives). */
export const MAX_SPEECH_ALTERNATIVES = 5;

export type SpeechVerdict = 'exact' | 'alternative' | 'close' | 'wrong';

export interface SpeechCheck {
  correct: boolean;
  verdict: SpeechVerdict;
  expected: string;
  /** 0–1, two decimals: the best of the transcripts against the sentence and its alternatives. */
  similarity: number;
  /** The transcript that came closest, as the recogniser wrote it. */
  heard: string;
}

/**
 * What is compared of a spoken sentence: the answer rules' normal form without accents, and
 * without spaces (recognisers disagree on word breaks, and Chinese and Japanese have none).
 */
function spokenForm(text: string, language: string): string {
  return withoutAccents(normaliseAnswer(text, language)).replaceAll(' ', '');
}

/** Character-level similarity: 1 − edit distance / length of the longer text. */
export function speechSimilarity(heard: string, expected: string, language: string): number {
  const x = spokenForm(heard, language);
  const y = spokenForm(expected, language);
  const longest = Math.max([...x].length, [...y].length);
  if (x.length === 0 || y.length === 0) return 0;
  return 1 - editDistance(x, y, longest) / longest;
}

/** Marks a spoken answer: the best of up to five recognition alternatives decides. */
export function checkSpeech(
  transcripts: readonly string[],
  expected: string,
  alternatives: readonly string[],
  language: string,
): SpeechCheck {
  const accepted = [expected, ...alternatives];
  let best = { similarity: 0, heard: '', candidate: 0 };
  for (const transcript of transcripts.slice(0, MAX_SPEECH_ALTERNATIVES)) {
    accepted.forEach((candidate, index) => {
      const similarity = speechSimilarity(transcript, candidate, language);
      if (similarity > best.similarity) best = { similarity, heard: transcript.trim(), candidate: index };
    });
  }
  const similarity = Math.round(best.similarity * 100) / 100;
  const heard = best.heard || (transcripts[0]?.trim() ?? '');
  const verdict: SpeechVerdict =
    best.similarity === 1
      ? best.candidate === 0
        ? 'exact'
        : 'alternative'
      : best.similarity >= SPEECH_PASS_SIMILARITY
        ? 'close'
        : 'wrong';
  return { correct: verdict !== 'wrong', verdict, expected, similarity, heard };
}
