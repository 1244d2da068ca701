import { ROMANISED_LANGUAGES } from '@parla/shared/content.schema';
import { afterAll, describe, expect, it } from 'vitest';
import { ContentValidationError, defaultContentDir, loadContentBank } from './load-content';
import { at, makeUnit, removeFixtures, writeFixture } from './test-fixtures/make-fixture';
import { formatIssues, validateContentBank } from './validate-content';

afterAll(removeFixtures);

describe('loadContentBank', () => {
  it('returns units in order with normalised lessons, words and sentences', () => {
    const first = makeUnit({ id: 'food', order: 2 });
    const word = at(first, 'words', 0);
    word.en = 'taxi';
    word.es = 'el taxi';
    word.loan = ['es'];
    at(first, 'words', 1).loan = true;
    const bank = loadContentBank(writeFixture({ units: [first, makeUnit()] }));

    expect(bank.units.map((u) => u.id)).toEqual(['greetings', 'food']);
    expect(bank.stats).toEqual({ units: 2, lessons: 8, words: 40, sentences: 16 });
    expect(bank.languages.map((l) => l.code)).toHaveLength(12);
    expect(bank.languagesByCode.get('es')?.ttsLocale).toBe('es-ES');

    const lesson = bank.lessonsById.get('food-1');
    expect(lesson).toMatchObject({ unitId: 'food', index: 0 });
    expect(lesson?.words).toHaveLength(5);
    expect(lesson?.sentences).toHaveLength(2);

    const taxi = bank.wordsById.get('food-word-1');
    expect(taxi?.loan).toEqual(['es']);
    expect(taxi?.forms.es).toEqual({ text: 'el taxi', alt: [], tokens: ['el', 'taxi'] });
    expect(taxi?.forms.ru).toEqual({ text: 'дом', roman: 'dom', alt: [], tokens: ['дом'] });
    expect(taxi?.forms.ja.tokens).toEqual(['家']);
    expect(bank.wordsById.get('food-word-2')?.loan).toHaveLength(12);

    const sentence = bank.sentencesById.get('greetings-s01');
    expect(sentence?.forms.en).toEqual({
      text: 'My name is Anna.',
      alt: [],
      tokens: ['My', 'name', 'is', 'Anna'],
      blank: 1,
    });
    expect(sentence?.forms.ja.tokens).toEqual(['私の', '名前は', 'アンナです']);
    // Romanisation per token: authored for ja, derived from roman for ru, none for Latin scripts.
    expect(sentence?.forms.ja.tokens_roman).toEqual(['watashi no', 'namae wa', 'Anna desu']);
    expect(sentence?.forms.ru.tokens_roman).toEqual(['menya', 'zovut', 'Anna']);
    expect(sentence?.forms.es).not.toHaveProperty('tokens_roman');
    expect(sentence?.forms.es.alt).toEqual(['Mi nombre es Anna.']);

    expect(bank.unitsById.get('food')?.notes.es.en).toBe('A note about es.');
  });

  it('throws one error listing every issue', () => {
    const unit = makeUnit();
    delete at(unit, 'words', 0).ja;
    at(unit, 'words', 1).es = 'дом';
    const dir = writeFixture({ units: [unit] });
    let error: unknown;
    try {
      loadContentBank(dir);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ContentValidationError);
    const { issues, message } = error as ContentValidationError;
    expect(issues).toHaveLength(2);
    expect(message).toContain('units/01-greetings.yaml:');
    expect(message).toContain('word "greetings-word-1"  ja: missing');
    expect(message).toContain('word "greetings-word-2"  es: text is not in Latin script (found Cyrillic "дом")');
  });
});

// The bank in packages/content is read when the test runs, so it always checks the files as
// they are now; it fails with the validator's own report.
describe('the real content bank', () => {
  it('has no validation issues', () => {
    expect(formatIssues(validateContentBank(defaultContentDir))).toBe('');
  });

  it('loads', () => {
    const bank = loadContentBank();
    expect(bank.units.length).toBeGreaterThan(0);
    expect(bank.languages).toHaveLength(12);
  });

  it('gives every sentence of a non-Latin language one romanisation per token', () => {
    const bank = loadContentBank();
    for (const sentence of bank.sentencesById.values()) {
      for (const lang of ROMANISED_LANGUAGES) {
        const { tokens, tokens_roman: tokensRoman } = sentence.forms[lang];
        expect(tokensRoman, `${sentence.id} ${lang}`).toHaveLength(tokens.length);
        for (const roman of tokensRoman ?? []) expect(roman, `${sentence.id} ${lang}`).toMatch(/^[^\s,.!?]+(?: [^\s,.!?]+)*$/u);
      }
    }
  });
});
