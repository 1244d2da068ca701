import { INTERFACE_LANGUAGES } from '@parla/shared/languages';
import { describe, expect, it } from 'vitest';
import en from './en.json';

// Translators produce these files from en.json. Until a language's file lands, its test fails on
// purpose: DESIGN §4 wants every one of the 16 languages to translate every key.
const english: Record<string, string> = en;
const englishKeys = Object.keys(english).sort();

/** Values that rightly read the same in every language: names and units, not sentences. */
const SAME_AS_ENGLISH_ALLOWED = new Set(['Parla', 'GitHub', 'Google', 'Premium', 'Email', 'FAQ', 'Blog', 'Stripe', 'XP']);

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((match) => match[1]).sort();
const letters = (text: string) => text.replace(/\{\{[^}]*\}\}/g, '').match(/\p{L}/gu)?.length ?? 0;

// Bundled by Vite at test time, the same way the app loads them (one file per language).
const localeFiles = import.meta.glob<Record<string, string>>('./*.json', { eager: true, import: 'default' });

function readLocale(code: string): Record<string, string> | undefined {
  return localeFiles[`./${code}.json`];
}

describe('en.json', () => {
  it('is a flat map of non-empty strings', () => {
    for (const [key, value] of Object.entries(english)) {
      expect(typeof value, key).toBe('string');
      expect(value.trim(), key).not.toBe('');
    }
  });
});

describe.each(INTERFACE_LANGUAGES.filter((language) => language.code !== 'en'))(
  '$code ($englishName) translation',
  ({ code }) => {
    const translations = readLocale(code);

    it('exists', () => {
      expect(translations, `apps/web/src/locales/${code}.json is missing`).toBeDefined();
    });

    it('has exactly the keys of en.json', () => {
      if (!translations) return expect.fail(`${code}.json is missing`);
      const keys = Object.keys(translations).sort();
      expect(
        englishKeys.filter((key) => !(key in translations)),
        'missing keys',
      ).toEqual([]);
      expect(
        keys.filter((key) => !(key in english)),
        'extra keys',
      ).toEqual([]);
    });

    it('keeps every {{placeholder}}', () => {
      if (!translations) return expect.fail(`${code}.json is missing`);
      const broken = englishKeys.filter(
        (key) =>
          typeof translations[key] === 'string' &&
          placeholders(translations[key]).join() !== placeholders(english[key] ?? '').join(),
      );
      expect(broken).toEqual([]);
    });

    it('translates every sentence (nothing left in English)', () => {
      if (!translations) return expect.fail(`${code}.json is missing`);
      const untranslated = englishKeys.filter((key) => {
        const value = english[key] ?? '';
        return translations[key] === value && letters(value) >= 4 && !SAME_AS_ENGLISH_ALLOWED.has(value);
      });
      expect(untranslated).toEqual([]);
    });
  },
);
