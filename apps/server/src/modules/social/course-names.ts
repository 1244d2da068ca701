import { INTERFACE_LANGUAGE_CODES, TARGET_LANGUAGES, type TargetLanguage } from '@parla/shared/languages';

/**
 * Text folded for matching what a person types: compatibility forms unified, accents and other
 * marks dropped, case folded ("Ñandú" and "nandu" match; so do "Ｔｏｋｙｏ" and "tokyo").
 */
export function foldText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/**
 * Each course's language as a learner might type it: its code, and its name in every interface
 * language and in itself ("es", "Spanish", "Español", "Spanisch", "スペイン語", …), folded. From
 * the runtime's CLDR data, so no list is kept by hand.
 */
const COURSE_NAMES: ReadonlyMap<TargetLanguage, readonly string[]> = new Map(
  TARGET_LANGUAGES.map((course) => {
    const names = new Set<string>([course]);
    for (const locale of [...INTERFACE_LANGUAGE_CODES, course]) {
      const name = new Intl.DisplayNames([locale], { type: 'language', fallback: 'none' }).of(course);
      if (name) names.add(foldText(name));
    }
    return [course, [...names]];
  }),
);

/** Whether the folded query is in one of the course's names (or is its code). */
export function courseMatches(course: TargetLanguage, foldedQuery: string): boolean {
  return COURSE_NAMES.get(course)?.some((name) => name.includes(foldedQuery)) ?? false;
}
