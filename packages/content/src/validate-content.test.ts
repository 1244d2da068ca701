import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type ContentIssue, defaultContentDir } from './read-content';
import { at, type Data, type FixtureFiles, makeUnit, removeFixtures, writeFixture } from './test-fixtures/make-fixture';
import { formatIssue, formatIssues, suggestKey, validateContentBank } from './validate-content';

afterAll(removeFixtures);

const FILE = 'units/01-greetings.yaml';

function validate(files: FixtureFiles): ContentIssue[] {
  return validateContentBank(writeFixture(files));
}

/** Validates a single unit after `mutate` broke it. */
function validateUnit(mutate: (unit: Data) => void): ContentIssue[] {
  const unit = makeUnit();
  mutate(unit);
  return validate({ units: [unit] });
}

type ExpectedIssue = Omit<Partial<ContentIssue>, 'message'> & { message: string | RegExp };

function expectIssue(issues: readonly ContentIssue[], expected: ExpectedIssue) {
  const { message, ...rest } = expected;
  expect(issues).toContainEqual(
    expect.objectContaining({
      file: FILE,
      ...rest,
      message: typeof message === 'string' ? message : expect.stringMatching(message),
    }),
  );
}

describe('a valid bank', () => {
  it('has no issues', () => {
    expect(validate({})).toEqual([]);
  });

  it('accepts several units, loan words and every optional field', () => {
    const unit = makeUnit();
    const word = at(unit, 'words', 0);
    word.en = 'taxi';
    word.es = 'el taxi';
    word.de = { text: 'das Taxi', alt: ['Taxi'] };
    word.fr = { text: 'le taxi', gender: 'm' };
    word.loan = ['es', 'de', 'fr'];
    const other = makeUnit({
      id: 'food',
      order: 2,
      lessons: 6,
      wordsPerLesson: 8,
      sentencesPerLesson: 4,
    });
    at(other, 'words', 0).loan = true;
    expect(validate({ units: [unit, other] })).toEqual([]);
  });
});

describe('structure', () => {
  it('reports a missing language of a word', () => {
    const issues = validateUnit((u) => {
      delete at(u, 'words', 2).ja;
    });
    expectIssue(issues, {
      kind: 'word',
      id: 'greetings-word-3',
      message: 'ja: missing (every word needs all 13 languages)',
    });
  });

  it('reports a missing language of a sentence', () => {
    const issues = validateUnit((u) => {
      delete at(u, 'sentences', 0).hi;
    });
    expectIssue(issues, { kind: 'sentence', id: 'greetings-s01', message: /^hi: missing/ });
  });

  it('reports a title or description missing a language', () => {
    const issues = validateUnit((u) => {
      delete at(u, 'title').ko;
      delete at(u, 'lessons', 1, 'description').ar;
      delete at(u, 'lessons', 2).title;
    });
    expectIssue(issues, { kind: 'unit', id: 'greetings', message: 'title.ko: missing' });
    expectIssue(issues, { kind: 'lesson', id: 'greetings-2', message: 'description.ar: missing' });
    expectIssue(issues, { kind: 'lesson', id: 'greetings-3', message: 'title: missing' });
  });

  it('reports notes missing a target language or the English text', () => {
    const issues = validateUnit((u) => {
      delete at(u, 'notes').nl;
      delete at(u, 'notes', 'ja').en;
    });
    expectIssue(issues, { kind: 'note', id: 'nl', message: /^missing \(every unit needs a note/ });
    expectIssue(issues, { kind: 'note', id: 'ja', message: 'en: missing' });
  });

  it('reports unknown keys and suggests the intended one', () => {
    const issues = validateUnit((u) => {
      const s = at(u, 'sentences', 1, 'es');
      s.tokns = ['Me', 'llamo', 'Anna'];
      at(u, 'words', 0).jp = '家';
      u.lesons = [];
    });
    expectIssue(issues, {
      kind: 'sentence',
      id: 'greetings-s02',
      message: 'es: unknown key "tokns" (did you mean "tokens"?)',
    });
    expectIssue(issues, {
      kind: 'word',
      id: 'greetings-word-1',
      message: 'unknown key "jp" (did you mean "ja"?)',
    });
    expectIssue(issues, {
      kind: 'unit',
      message: 'unknown key "lesons" (did you mean "lessons"?)',
    });
  });

  it('reports sentence-only fields on words', () => {
    const issues = validateUnit((u) => {
      at(u, 'words', 0).es = { text: 'la casa', blank: 0 };
    });
    expectIssue(issues, {
      id: 'greetings-word-1',
      message: /es: unknown key "blank" \(tokens and blank are only/,
    });
  });

  it('reports wrong value types in plain words', () => {
    const issues = validateUnit((u) => {
      at(u, 'words', 0).de = 42;
      at(u, 'words', 1).pos = 'nown';
      at(u, 'words', 2).it = { roman: 'x' };
    });
    expectIssue(issues, {
      id: 'greetings-word-1',
      message: /^de: expected text or .*found the number 42/,
    });
    expectIssue(issues, {
      id: 'greetings-word-2',
      message: /^pos: must be one of noun, verb.*found "nown"/,
    });
    expectIssue(issues, { id: 'greetings-word-3', message: 'it.text: missing' });
  });

  it('reports non-kebab-case ids', () => {
    const issues = validateUnit((u) => {
      at(u, 'words', 0).id = 'Good Morning';
    });
    expectIssue(issues, { kind: 'word', id: 'Good Morning', message: /^id: must be kebab-case/ });
  });

  it('reports YAML syntax errors with their line and a tip', () => {
    const issues = validate({
      units: [{ name: '01-greetings.yaml', text: 'id: greetings\norder: 1\ntitle: Note: broken\n' }],
    });
    expectIssue(issues, {
      line: 3,
      message: /^YAML syntax error: .*\(tip: put text that contains ": " in quotes\)/,
    });
  });

  it('reports duplicate keys', () => {
    const issues = validate({
      units: [{ name: '01-greetings.yaml', text: 'id: greetings\nid: other\n' }],
    });
    expectIssue(issues, { line: 2, message: /^YAML syntax error: Map keys must be unique/ });
  });

  it('reports an empty units folder', () => {
    expect(validate({ units: [] })).toContainEqual(
      expect.objectContaining({ file: 'units/', message: expect.stringMatching(/no unit files/) }),
    );
  });

  it('reports files that are not read and files that are not a unit', () => {
    const issues = validate({
      units: [makeUnit(), { name: '02-food.yml', text: 'id: food\n' }, { name: '03-list.yaml', text: '- id: food\n' }],
    });
    expect(issues).toEqual([
      expect.objectContaining({
        file: 'units/02-food.yml',
        message: expect.stringMatching(/^not read/),
      }),
      expect.objectContaining({
        file: 'units/03-list.yaml',
        message: expect.stringMatching(/^expected a unit/),
      }),
    ]);
  });

  it('reports a file name that does not match order and id', () => {
    const issues = validate({ units: [{ name: '1-hello.yaml', text: readUnitYaml(makeUnit()) }] });
    expect(issues).toContainEqual(
      expect.objectContaining({
        file: 'units/1-hello.yaml',
        message: expect.stringContaining('"01-greetings.yaml"'),
      }),
    );
  });
});

function readUnitYaml(unit: Data): string {
  const dir = writeFixture({ units: [unit] });
  return readFileSync(path.join(dir, FILE), 'utf8');
}

describe('scripts', () => {
  it('reports Japanese text in Latin letters', () => {
    const issues = validateUnit((u) => {
      at(u, 'words', 3).ja = { text: 'apple', roman: 'apple' };
    });
    expectIssue(issues, {
      kind: 'word',
      id: 'greetings-word-4',
      message: 'ja: text is not in Japanese script (kana/kanji) (found Latin "apple")',
    });
  });

  it.each([
    ['es', 'дом', 'Latin script', 'Cyrillic'],
    ['ru', { text: 'dom', roman: 'dom' }, 'Cyrillic script', 'Latin'],
    ['zh', { text: 'ハウス', roman: 'hausu' }, 'Chinese characters (Han)', 'Katakana'],
    ['ko', { text: '家', roman: 'jip' }, 'Korean script (Hangul)', 'Han'],
    ['ar', { text: 'dom', roman: 'bayt' }, 'Arabic script', 'Latin'],
    ['hi', { text: 'дом', roman: 'ghar' }, 'Devanagari script', 'Cyrillic'],
  ])('reports %s text in the wrong script', (lang, value, expected, found) => {
    const issues = validateUnit((u) => {
      at(u, 'words', 0)[lang] = value;
    });
    expectIssue(issues, {
      id: 'greetings-word-1',
      message: new RegExp(`^${lang}: text is not in ${expected.replace(/[()]/g, '\\$&')} \\(found ${found} `),
    });
  });

  it('checks titles and descriptions (catches English left in a translation)', () => {
    const issues = validateUnit((u) => {
      at(u, 'title').hi = 'Greetings';
      at(u, 'lessons', 0, 'description').ru = 'Say hello.';
    });
    expectIssue(issues, {
      kind: 'unit',
      id: 'greetings',
      message: 'title.hi is not in Devanagari script (found Latin "Greetings")',
    });
    expectIssue(issues, {
      kind: 'lesson',
      id: 'greetings-1',
      message: /^description\.ru is not in Cyrillic script/,
    });
  });

  it('checks alternatives and romanisations too', () => {
    const issues = validateUnit((u) => {
      at(u, 'words', 0).ru = { text: 'дом', roman: 'дом', alt: ['house'] };
    });
    expectIssue(issues, {
      id: 'greetings-word-1',
      message: /^ru: roman is not in Latin script \(found Cyrillic "дом"\)/,
    });
    expectIssue(issues, {
      id: 'greetings-word-1',
      message: /^ru: alt "house" is not in Cyrillic script/,
    });
  });
});

describe('romanisation', () => {
  it.each(['ja', 'zh', 'ko', 'ru', 'ar', 'hi'])('is required for %s words', (lang) => {
    const issues = validateUnit((u) => {
      const word = at(u, 'words', 0);
      word[lang] = (word[lang] as Data).text;
    });
    expectIssue(issues, {
      id: 'greetings-word-1',
      message: new RegExp(`^${lang}: roman is missing`),
    });
  });

  it('is required for sentences', () => {
    const issues = validateUnit((u) => {
      delete at(u, 'sentences', 1, 'ko').roman;
    });
    expectIssue(issues, {
      kind: 'sentence',
      id: 'greetings-s02',
      message: /^ko: roman is missing/,
    });
  });
});

describe('tokens and blanks', () => {
  it('reports tokens that do not join back into the sentence', () => {
    const issues = validateUnit((u) => {
      at(u, 'sentences', 0, 'ja').tokens = ['私の', '名前は', 'アンナ'];
    });
    expectIssue(issues, {
      kind: 'sentence',
      id: 'greetings-s01',
      message: 'ja: tokens do not join back into the text (tokens spell "私の名前はアンナ", text has "私の名前はアンナです")',
    });
  });

  it('reports authored tokens of spaced languages too', () => {
    const issues = validateUnit((u) => {
      at(u, 'sentences', 0).de = { text: 'Ich heiße Anna.', tokens: ['Ich', 'heisse', 'Anna'] };
    });
    expectIssue(issues, { id: 'greetings-s01', message: /^de: tokens do not join back/ });
  });

  it('requires tokens for Japanese and Chinese sentences', () => {
    const issues = validateUnit((u) => {
      delete at(u, 'sentences', 0, 'zh').tokens;
    });
    expectIssue(issues, { id: 'greetings-s01', message: /^zh: tokens are missing/ });
  });

  it('reports a blank outside the tokens, derived or authored', () => {
    const issues = validateUnit((u) => {
      at(u, 'sentences', 0, 'en').blank = 4;
      at(u, 'sentences', 1, 'ja').blank = 3;
    });
    expectIssue(issues, {
      id: 'greetings-s01',
      message: 'en: blank 4 is outside the tokens (4 tokens, counted from 0: 0 My, 1 name, 2 is, 3 Anna)',
    });
    expectIssue(issues, {
      id: 'greetings-s02',
      message: /^ja: blank 3 is outside the tokens \(3 tokens/,
    });
  });

  it('reports a negative blank', () => {
    const issues = validateUnit((u) => {
      at(u, 'sentences', 0, 'en').blank = -1;
    });
    expectIssue(issues, { id: 'greetings-s01', message: 'en.blank: must be 0 or more' });
  });
});

describe('romanisation of each token', () => {
  it('reports a sentence whose roman has not one word per token and no roman_tokens', () => {
    const issues = validateUnit((u) => {
      delete at(u, 'sentences', 0, 'ja').roman_tokens;
      at(u, 'sentences', 1, 'ru').roman = 'Menya zovut Anna Ivanovna.';
    });
    expectIssue(issues, {
      kind: 'sentence',
      id: 'greetings-s01',
      message:
        'ja: the romanisation of each token can\'t be derived: roman "Watashi no namae wa Anna desu." does not have one word per token (3 tokens: 0 私の, 1 名前は, 2 アンナです) — add roman_tokens: [...] with one romanisation per token',
    });
    expectIssue(issues, { id: 'greetings-s02', message: /^ru: the romanisation of each token can't be derived/ });
  });

  it('reports roman_tokens with a wrong length or that do not spell the roman', () => {
    const issues = validateUnit((u) => {
      at(u, 'sentences', 0, 'ja').roman_tokens = ['watashi no', 'namae wa Anna desu'];
      at(u, 'sentences', 1, 'ko').roman_tokens = ['je', 'ireumeun', 'tomimnida'];
    });
    expectIssue(issues, {
      id: 'greetings-s01',
      message: 'ja: roman_tokens has 2 entries but there are 3 tokens (0 私の, 1 名前は, 2 アンナです)',
    });
    expectIssue(issues, {
      id: 'greetings-s02',
      message: 'ko: roman_tokens (je | ireumeun | tomimnida) do not spell the roman "Je ireumeun Annaimnida."',
    });
  });

  it('accepts roman_tokens that differ from the roman only in case, accents and punctuation', () => {
    const issues = validateUnit((u) => {
      at(u, 'sentences', 0, 'zh').roman_tokens = ['wo', 'jiao', 'Anna'];
    });
    expect(issues).toEqual([]);
  });

  it('reports roman_tokens in a Latin-script language and on a word', () => {
    const issues = validateUnit((u) => {
      at(u, 'sentences', 0).de = { text: 'Ich heiße Anna.', roman_tokens: ['ich', 'heisse', 'Anna'] };
      at(u, 'words', 0).ru = { text: 'дом', roman: 'dom', roman_tokens: ['dom'] };
    });
    expectIssue(issues, { id: 'greetings-s01', message: 'de: roman_tokens is only for ja, zh, ko, ru, ar, hi' });
    expectIssue(issues, {
      id: 'greetings-word-1',
      message: /ru: unknown key "roman_tokens" \(roman_tokens is only for sentences\)/,
    });
  });
});

describe('no word before its lesson', () => {
  // Lesson greetings-3 starts at word 11 (5 words per lesson); sentences 1–2 are lesson 1.
  const laterWord = (u: Data, text: string, pos = 'verb') => {
    const word = at(u, 'words', 10);
    word.es = text;
    word.pos = pos;
    return word;
  };

  it('reports a sentence that uses a word a later lesson teaches', () => {
    const issues = validateUnit((u) => {
      laterWord(u, 'llamo');
    });
    expectIssue(issues, {
      kind: 'sentence',
      id: 'greetings-s01',
      message:
        'es: "llamo" is taught later, by word "greetings-word-11" in lesson greetings-3 — move the sentence to that lesson or later, or reword it (a word spelt like an unrelated one: mark it homograph: [es])',
    });
    expectIssue(issues, { id: 'greetings-s04', message: /^es: "llamo" is taught later/ });
    // Lesson 3 itself and later lessons may use it.
    expect(issues.filter((i) => i.id === 'greetings-s05' || i.id === 'greetings-s08')).toEqual([]);
  });

  it('names the file of a later unit and compares without case, article or punctuation', () => {
    const later = makeUnit({ id: 'food', order: 2 });
    at(later, 'words', 0).es = 'el Anna';
    const issues = validate({ units: [makeUnit(), later] });
    expectIssue(issues, {
      id: 'greetings-s01',
      message: /^es: "Anna" is taught later, by word "food-word-1" in lesson food-1 \(units\/02-food\.yaml\)/,
    });
  });

  it('accepts a word taught in the same or an earlier lesson, or inside a phrase taught by then', () => {
    expect(
      validateUnit((u) => {
        laterWord(u, 'llamo');
        at(u, 'words', 0).es = 'llamo';
      }),
    ).toEqual([]);
    expect(
      validateUnit((u) => {
        laterWord(u, 'llamo');
        at(u, 'words', 0).es = 'me llamo';
      }),
    ).toEqual([]);
  });

  it('leaves out function words and forms marked homograph', () => {
    expect(validateUnit((u) => void laterWord(u, 'me', 'pronoun'))).toEqual([]);
    expect(
      validateUnit((u) => {
        laterWord(u, 'llamo').homograph = ['es'];
      }),
    ).toEqual([]);
    const issues = validateUnit((u) => {
      laterWord(u, 'llamo').homograph = ['fr'];
    });
    expectIssue(issues, { id: 'greetings-s01', message: /^es: "llamo" is taught later/ });
  });
});

describe('ids and references', () => {
  it('reports duplicate ids within a file', () => {
    const issues = validateUnit((u) => {
      at(u, 'words', 1).id = 'greetings-word-1';
    });
    expectIssue(issues, {
      kind: 'word',
      id: 'greetings-word-1',
      message: /^duplicate word id \(first used at units\/01-greetings\.yaml:\d+\)/,
    });
  });

  it('reports duplicate ids across files, for every kind', () => {
    const first = makeUnit();
    const second = makeUnit({ order: 2 });
    const issues = validate({ units: [first, second] });
    const file = 'units/02-greetings.yaml';
    for (const [kind, id] of [
      ['unit', 'greetings'],
      ['lesson', 'greetings-1'],
      ['word', 'greetings-word-20'],
      ['sentence', 'greetings-s08'],
    ]) {
      expect(issues).toContainEqual(
        expect.objectContaining({
          file,
          kind,
          id,
          message: expect.stringMatching(/first used at units\/01-greetings\.yaml:\d+/),
        }),
      );
    }
  });

  it('reports duplicate unit orders', () => {
    const issues = validate({ units: [makeUnit(), makeUnit({ id: 'food', order: 1 })] });
    expect(issues).toContainEqual(
      expect.objectContaining({
        kind: 'unit',
        message: expect.stringMatching(/^order 1 is also used by/),
      }),
    );
  });

  it('reports a word or sentence whose lesson is not in its unit', () => {
    const issues = validateUnit((u) => {
      at(u, 'words', 0).lesson = 'greetings-9';
      at(u, 'sentences', 0).lesson = 'food-1';
    });
    expectIssue(issues, {
      kind: 'word',
      id: 'greetings-word-1',
      message: /^lesson "greetings-9" does not exist in this unit \(lessons: greetings-1, greetings-2/,
    });
    expectIssue(issues, {
      kind: 'sentence',
      id: 'greetings-s01',
      message: /^lesson "food-1" does not exist/,
    });
  });

  it('reports lesson and sentence ids that do not follow the unit id', () => {
    const issues = validateUnit((u) => {
      at(u, 'sentences', 0).id = 'hello-1';
    });
    expectIssue(issues, {
      kind: 'sentence',
      id: 'hello-1',
      message: /^id should be "greetings-s<nn>"/,
    });
  });
});

describe('sizes', () => {
  it('reports a unit below its minimum number of lessons', () => {
    const issues = validate({ units: [makeUnit({ lessons: 3 })] });
    expectIssue(issues, {
      kind: 'unit',
      id: 'greetings',
      message: 'has 3 lessons (a unit needs 4–6)',
    });
  });

  it('reports a unit over its maximum number of lessons', () => {
    const issues = validate({ units: [makeUnit({ lessons: 7 })] });
    expectIssue(issues, { kind: 'unit', message: 'has 7 lessons (a unit needs 4–6)' });
  });

  it('reports lessons with too few or too many words and sentences', () => {
    const small = validate({ units: [makeUnit({ wordsPerLesson: 4, sentencesPerLesson: 1 })] });
    expectIssue(small, {
      kind: 'lesson',
      id: 'greetings-1',
      message: 'has 4 words (a lesson needs 5–8)',
    });
    expectIssue(small, {
      kind: 'lesson',
      id: 'greetings-1',
      message: 'has 1 sentences (a lesson needs 2–4)',
    });
    const big = validate({ units: [makeUnit({ wordsPerLesson: 9, sentencesPerLesson: 5 })] });
    expectIssue(big, {
      kind: 'lesson',
      id: 'greetings-4',
      message: 'has 9 words (a lesson needs 5–8)',
    });
    expectIssue(big, {
      kind: 'lesson',
      id: 'greetings-4',
      message: 'has 5 sentences (a lesson needs 2–4)',
    });
  });
});

describe('loan words', () => {
  it('reports a form identical to English that is not marked', () => {
    const issues = validateUnit((u) => {
      const word = at(u, 'words', 0);
      word.en = 'the hotel';
      word.es = 'el hotel';
      word.nl = 'Hotel';
    });
    expectIssue(issues, {
      id: 'greetings-word-1',
      message: /^es: "el hotel" is the same as English "the hotel" — translate it, or mark/,
    });
    expectIssue(issues, { id: 'greetings-word-1', message: /^nl: "Hotel" is the same as English/ });
  });

  it('accepts only the languages listed in loan', () => {
    const issues = validateUnit((u) => {
      const word = at(u, 'words', 0);
      word.en = 'hotel';
      word.es = 'el hotel';
      word.nl = 'het hotel';
      word.loan = ['nl'];
    });
    expect(issues.map((i) => i.message)).toEqual([expect.stringMatching(/^es: "el hotel" is the same/)]);
  });

  it('applies to sentences', () => {
    const issues = validateUnit((u) => {
      at(u, 'sentences', 0).it = 'My name is Anna.';
    });
    expectIssue(issues, {
      kind: 'sentence',
      id: 'greetings-s01',
      message: /^it: "My name is Anna\." is the same as English/,
    });
  });
});

describe('languages.yaml', () => {
  const real = readFileSync(path.join(defaultContentDir, 'languages.yaml'), 'utf8');

  it('reports a missing language, wrong values and scripts', () => {
    const broken = real
      .replace(/^nl:[\s\S]*$/m, '')
      .replace('ttsLocale: es-ES', 'ttsLocale: en-US')
      .replace('nativeName: 日本語', 'nativeName: Nihongo')
      .replace('difficulty: Medium', 'difficulty: Moderate')
      .replace('    he: ספרדית', '    he: Sfaradit');
    const issues = validate({ languages: broken });
    const file = 'languages.yaml';
    const expectLang = (id: string | undefined, message: RegExp) =>
      expect(issues).toContainEqual(
        expect.objectContaining({
          file,
          kind: 'language',
          ...(id && { id }),
          message: expect.stringMatching(message),
        }),
      );
    expectLang('nl', /^missing$/);
    expectLang('es', /^ttsLocale "en-US" is not a es-XX locale/);
    expectLang('ja', /^nativeName is not in Japanese script/);
    expectLang('de', /^difficulty: must be one of Easy, Medium, Hard/);
    expectLang('es', /^name\.he is not in Hebrew script/);
  });

  it('reports a missing file', () => {
    const dir = writeFixture();
    const issues = validateContentBank(path.join(dir, 'missing'));
    expect(issues).toContainEqual(expect.objectContaining({ file: 'languages.yaml', message: 'file not found' }));
  });
});

describe('messages', () => {
  it('point at the line of the problem', () => {
    const unit = makeUnit();
    at(unit, 'words', 0).fr = 'дом';
    const dir = writeFixture({ units: [unit] });
    const [issue] = validateContentBank(dir);
    const lines = readFileSync(path.join(dir, FILE), 'utf8').split('\n');
    expect(issue?.line).toBeDefined();
    expect(lines[(issue?.line ?? 0) - 1]).toMatch(/^\s+fr: дом$/);
  });

  it('read file, item and problem', () => {
    const issue: ContentIssue = {
      file: 'units/03-food.yaml',
      line: 42,
      kind: 'word',
      id: 'apple',
      message: 'ja: text is not in Japanese script (kana/kanji) (found Latin "apple")',
    };
    expect(formatIssue(issue)).toBe(
      'units/03-food.yaml:42  word "apple"  ja: text is not in Japanese script (kana/kanji) (found Latin "apple")',
    );
    expect(formatIssues([issue, { file: 'languages.yaml', message: 'file not found' }])).toBe(
      `languages.yaml  file not found\n\n${formatIssue(issue)}`,
    );
  });

  it('suggest keys for typos and country codes', () => {
    expect(suggestKey('tokns')).toBe('tokens');
    expect(suggestKey('romam')).toBe('roman');
    expect(suggestKey('cn')).toBe('zh');
    expect(suggestKey('xyzzy')).toBeUndefined();
  });
});
