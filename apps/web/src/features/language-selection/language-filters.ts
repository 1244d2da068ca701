import type { LanguageOption } from '@parla/shared/lessons.schema';

export const LANGUAGE_FILTERS = ['all', 'easy', 'popular'] as const;
export type LanguageFilter = (typeof LANGUAGE_FILTERS)[number];

const POPULAR: readonly LanguageOption['popularity'][] = ['Most Popular', 'Very Popular', 'Popular'];

/** Spec §9: Easy shows difficulty Easy; Popular shows Most Popular, Very Popular and Popular. */
export function filterLanguages(languages: LanguageOption[], filter: LanguageFilter): LanguageOption[] {
  if (filter === 'easy') return languages.filter((language) => language.difficulty === 'Easy');
  if (filter === 'popular') return languages.filter((language) => POPULAR.includes(language.popularity));
  return languages;
}

/** Translation keys for the server's English labels. */
export const difficultyKey = (difficulty: LanguageOption['difficulty']) => `languages.difficulty.${difficulty.toLowerCase()}`;

export const popularityKey = (popularity: LanguageOption['popularity']) =>
  `languages.popularity.${popularity
    .toLowerCase()
    .split(' ')
    .map((word, index) => (index === 0 ? word : `${word[0]?.toUpperCase()}${word.slice(1)}`))
    .join('')}`;
