import { describe, expect, it } from 'vitest';
import { NATIVE_LANGUAGES } from '../content.schema';
import type { TextMessage } from './format-text';
import { SERVER_TEXTS, type ServerTextKey, serverText } from './server-texts';

const placeholders = (message: TextMessage) =>
  [
    ...new Set(
      Object.values(typeof message === 'string' ? { other: message } : message).flatMap((text) =>
        [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]),
      ),
    ),
  ].sort();

const keys = Object.keys(SERVER_TEXTS.en) as ServerTextKey[];

describe.each(NATIVE_LANGUAGES)('server texts in %s', (language) => {
  const texts = SERVER_TEXTS[language];
  const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;

  it('have every text, with the placeholders of the English one', () => {
    expect(Object.keys(texts).sort()).toEqual([...keys].sort());
    expect(keys.filter((key) => placeholders(texts[key]).join() !== placeholders(SERVER_TEXTS.en[key]).join())).toEqual([]);
  });

  it('count with exactly the CLDR plural categories of the language', () => {
    for (const key of keys) {
      const message = texts[key];
      const english = SERVER_TEXTS.en[key];
      expect(typeof message, key).toBe(typeof english);
      if (typeof message !== 'string') expect(Object.keys(message).sort(), key).toEqual([...categories].sort());
    }
  });
});

describe('serverText', () => {
  it('fills placeholders and leaves an unknown one as written', () => {
    expect(serverText('en', 'exercise.means', { target: 'hola', native: 'hello' })).toBe('“hola” means “hello”.');
    expect(serverText('en', 'exercise.howDoYouSay')).toBe('How do you say “{word}”?');
  });

  it('chooses the plural form of the count in the learner’s language', () => {
    const hint = (language: 'en' | 'ru', count: number) => serverText(language, 'hint.startsWith', { letter: 'к', count });
    expect([1, 2, 5].map((count) => hint('en', count))).toEqual([
      'It starts with “к” and has 1 letter.',
      'It starts with “к” and has 2 letters.',
      'It starts with “к” and has 5 letters.',
    ]);
    expect([1, 2, 5, 11, 21].map((count) => hint('ru', count))).toEqual([
      'Начинается на «к», в слове 1 буква.',
      'Начинается на «к», в слове 2 буквы.',
      'Начинается на «к», в слове 5 букв.',
      'Начинается на «к», в слове 11 букв.',
      'Начинается на «к», в слове 21 буква.',
    ]);
  });
});
