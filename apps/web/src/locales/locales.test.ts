import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { INTERFACE_LANGUAGES } from '@parla/shared/languages';
import { describe, expect, it } from 'vitest';
import en from './en.json';

// Translators produce these files from en.json. Until a language's file lands, its test fails on
// purpose: DESIGN §4 wants every one of the 16 languages to translate every key. Messages are ICU
// MessageFormat ("{name}", "{count, plural, one {# day} other {# days}}"), compiled by the build.
const english: Record<string, string> = en;
const englishKeys = Object.keys(english).sort();

/** Values that rightly read the same in every language: names and units, not sentences ('Messages' is French too). */
const SAME_AS_ENGLISH_ALLOWED = new Set([
  'Parla',
  'GitHub',
  'Google',
  'Premium',
  'Email',
  'FAQ',
  'Blog',
  'Stripe',
  'XP',
  'Messages',
]);

type Compiled = ReturnType<typeof compileMessageOrThrow>;
type Token = Compiled[number];

/** Every `{argument}` a message reads, inside plural branches too, and its plural arguments with their branches. */
function argumentsOf(message: string) {
  const names = new Set<string>();
  const plurals = new Map<string, string[]>();
  const walk = (tokens: Compiled | string) => {
    if (typeof tokens === 'string') return;
    for (const token of tokens as Token[]) {
      if (typeof token === 'string') continue;
      const [name, type, format] = token as [string, string?, unknown?];
      names.add(name);
      if (type === 'plural' && format && typeof format === 'object') {
        const { offset: _offset, ...branches } = format as Record<string, Compiled>;
        plurals.set(name, Object.keys(branches).sort());
        for (const branch of Object.values(branches)) walk(branch);
      }
    }
  };
  walk(compileMessageOrThrow(message));
  return { names: [...names].sort(), plurals };
}

const letters = (text: string) => text.replace(/\{[^{}]*\}/g, '').match(/\p{L}/gu)?.length ?? 0;

// Bundled by Vite at test time, the same way the app loads them (one file per language).
const localeFiles = import.meta.glob<Record<string, string>>('./*.json', { eager: true, import: 'default' });

function readLocale(code: string): Record<string, string> | undefined {
  return localeFiles[`./${code}.json`];
}

const pluralKeys = englishKeys.filter((key) => argumentsOf(english[key] ?? '').plurals.size > 0);

describe('en.json', () => {
  it('is a flat map of non-empty strings', () => {
    for (const [key, value] of Object.entries(english)) {
      expect(typeof value, key).toBe('string');
      expect(value.trim(), key).not.toBe('');
    }
  });

  it('counts things with plural messages', () => {
    // The counted messages of issue 13; a new message that puts a number before a noun joins them.
    expect(pluralKeys).toEqual(
      expect.arrayContaining([
        'auth.strength.minLength',
        'dashboard.lesson.meta',
        'dashboard.practice.description',
        'forms.error.retryAfter',
        'landing.blog.readTime',
        'landing.hero.learners',
        'landing.testimonials.learning',
        'languages.speakers',
        'nav.streakBadge',
      ]),
    );
  });
});

describe.each(
  INTERFACE_LANGUAGES.map(({ code }) => ({ code, categories: new Intl.PluralRules(code).resolvedOptions().pluralCategories })),
)('$code plural forms', ({ code, categories }) => {
  it('give every plural message every CLDR category the language has, and no other', () => {
    const translations = readLocale(code);
    if (!translations) return expect.fail(`${code}.json is missing`);
    const wrong = pluralKeys.flatMap((key) =>
      [...argumentsOf(translations[key] ?? '').plurals].flatMap(([argument, branches]) => {
        const named = branches.filter((branch) => !/^\d+$/.test(branch));
        return named.sort().join() === [...categories].sort().join() ? [] : [`${key} {${argument}}: ${named.join(' ')}`];
      }),
    );
    expect(wrong, `${code} has ${categories.join(', ')}`).toEqual([]);
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

    it('is valid ICU and keeps every {placeholder} and every plural of en.json', () => {
      if (!translations) return expect.fail(`${code}.json is missing`);
      const broken = englishKeys.filter((key) => {
        if (typeof translations[key] !== 'string') return false;
        try {
          const theirs = argumentsOf(translations[key]);
          const ours = argumentsOf(english[key] ?? '');
          return (
            theirs.names.join() !== ours.names.join() ||
            [...theirs.plurals.keys()].sort().join() !== [...ours.plurals.keys()].sort().join()
          );
        } catch {
          return true;
        }
      });
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
