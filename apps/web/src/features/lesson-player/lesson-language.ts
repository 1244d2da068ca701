import { normaliseAnswer } from '@parla/shared/answers';

/** Courses written in a non-Latin script: they can show a romanisation beside the text. */
const NON_LATIN: ReadonlySet<string> = new Set(['ja', 'zh', 'ko', 'ru', 'ar', 'hi']);
/** Scripts written without spaces between words. */
const UNSPACED: ReadonlySet<string> = new Set(['ja', 'zh']);

export const hasRomanisation = (course: string) => NON_LATIN.has(course);

/** Attributes for any text in the course language: the right voice, font and direction. */
export function targetText(course: string): { lang: string; dir: 'rtl' | 'ltr' } {
  return { lang: course, dir: course === 'ar' ? 'rtl' : 'ltr' };
}

/** Ordered words as one sentence, the way the server writes the expected answer. */
function joinWords(words: readonly string[], course: string): string {
  return words.join(UNSPACED.has(course) ? '' : ' ');
}

/** Word ordering is exact apart from case and punctuation, as on the server. */
export function sameSentence(given: readonly string[], expected: string, course: string): boolean {
  return normaliseAnswer(joinWords(given, course), course) === normaliseAnswer(expected, course);
}
