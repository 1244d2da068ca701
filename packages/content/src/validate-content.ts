/**
 * The content validator: every rule of packages/content/README.md as a small named check.
 *
 * Structure (types, required keys, unknown keys) is checked with the zod schemas from
 * @parla/shared; everything that needs context (scripts, tokens, sizes, ids across files) is
 * checked on a lenient "draft" reading of the files, so one malformed entry does not hide the
 * problems of the others.
 */

import {
  CONTENT_LANGUAGES,
  type ContentLanguage,
  ContentUnitFileSchema,
  INTERFACE_LANGUAGES,
  isRomanisedLanguage,
  isTargetLanguage,
  LanguageFileEntrySchema,
  type LanguageInfo,
  LanguagesFileSchema,
  type LanguageValue,
  LESSON_SENTENCE_COUNT,
  LESSON_WORD_COUNT,
  ROMANISED_LANGUAGES,
  TARGET_LANGUAGES,
  type TargetLanguage,
  TOKENS_REQUIRED_LANGUAGES,
  UNIT_LESSON_COUNT,
} from '@parla/shared/content.schema';
import {
  comparableForm,
  describeScriptViolation,
  detectScriptViolation,
  tokenJoinKey,
  tokensJoinText,
} from '@parla/shared/content-text';
import type { core, ZodType } from 'zod';
import {
  type ContentIssue,
  defaultContentDir,
  type ItemKind,
  isRecord,
  LANGUAGES_FILE,
  type LanguageValueLike,
  lenientLanguageValue,
  listUnitFiles,
  normaliseLanguageValue,
  readSourceFile,
  type SourceFile,
  UNITS_DIR,
  type YamlPath,
} from './read-content';

export type { ContentIssue, ItemKind } from './read-content';

export const LANGUAGE_NAMES: Readonly<Record<ContentLanguage, string>> = {
  en: 'English',
  es: 'Spanish',
  fr: 'French',
  de: 'German',
  it: 'Italian',
  pt: 'Portuguese',
  nl: 'Dutch',
  ru: 'Russian',
  ja: 'Japanese',
  zh: 'Chinese',
  ko: 'Korean',
  ar: 'Arabic',
  hi: 'Hindi',
};

// ---------------------------------------------------------------------------------------------
// Draft model: what the checks look at
// ---------------------------------------------------------------------------------------------

export interface DraftForm {
  value: LanguageValue;
  /** Whether `tokens` was written by the author (as opposed to derived from spaces). */
  tokensAuthored: boolean;
  /** Whether `roman_tokens` was written by the author (as opposed to derived from `roman`). */
  romanTokensAuthored: boolean;
  at: YamlPath;
}

export interface DraftItem {
  kind: 'word' | 'sentence';
  id: string;
  at: YamlPath;
  lesson: string | undefined;
  loan: ReadonlySet<TargetLanguage>;
  /** Words only: the part of speech as written (may be invalid). */
  pos: string | undefined;
  /** Words only: target languages where the form is spelt like another, unrelated word. */
  homograph: ReadonlySet<TargetLanguage>;
  forms: Partial<Record<ContentLanguage, DraftForm>>;
}

export interface DraftLesson {
  id: string;
  at: YamlPath;
}

export interface DraftUnit {
  source: SourceFile;
  id: string | undefined;
  order: number | undefined;
  lessons: DraftLesson[];
  words: DraftItem[];
  sentences: DraftItem[];
}

export interface ContentInspection {
  dir: string;
  issues: ContentIssue[];
  /** Every unit file that could be parsed as YAML, in file-name order. */
  units: DraftUnit[];
  /** Entries of languages.yaml that are valid, in file order. */
  languages: LanguageInfo[];
  languagesSource: SourceFile | undefined;
}

// ---------------------------------------------------------------------------------------------
// Reporting
// ---------------------------------------------------------------------------------------------

interface Where {
  source: SourceFile;
  at: YamlPath;
  /** Point at this key of the mapping at `at` (for unknown keys). */
  key?: string;
  kind?: ItemKind;
  id?: string;
}

type Report = (where: Where, message: string) => void;

function makeReporter(issues: ContentIssue[]): Report {
  return ({ source, at, key, kind, id }, message) => {
    const line = source.lineOf(at, key);
    issues.push({
      file: source.file,
      ...(line !== undefined && { line }),
      ...(kind !== undefined && { kind }),
      ...(id !== undefined && { id }),
      message,
    });
  };
}

const itemWhere = (unit: DraftUnit, item: DraftItem, at: YamlPath = item.at): Where => ({
  source: unit.source,
  at,
  kind: item.kind,
  id: item.id,
});

const unitWhere = (unit: DraftUnit, at: YamlPath = []): Where => ({
  source: unit.source,
  at,
  kind: 'unit',
  ...(unit.id !== undefined && { id: unit.id }),
});

// ---------------------------------------------------------------------------------------------
// Structural checks: zod issues turned into plain-language messages
// ---------------------------------------------------------------------------------------------

/** Keys that exist somewhere in the format; used to suggest a fix for a typo. */
const KNOWN_KEYS = [
  ...new Set<string>([
    ...Object.keys(ContentUnitFileSchema.shape),
    'lesson',
    'pos',
    'loan',
    'text',
    'roman',
    'alt',
    'tokens',
    'roman_tokens',
    'homograph',
    'blank',
    'gender',
    'description',
    ...Object.keys(LanguageFileEntrySchema.shape),
    ...CONTENT_LANGUAGES,
    ...INTERFACE_LANGUAGES,
  ]),
];

// Country codes people reach for instead of language codes.
const CODE_MIXUPS: Partial<Record<string, string>> = {
  jp: 'ja',
  cn: 'zh',
  kr: 'ko',
  br: 'pt',
  ua: 'uk',
  gr: 'el',
  il: 'he',
  in: 'hi',
  sa: 'ar',
  gb: 'en',
  us: 'en',
};

function editDistance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0] ?? 0;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j] ?? 0;
      const left = row[j - 1] ?? 0;
      row[j] = Math.min(above + 1, left + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length] ?? 0;
}

export function suggestKey(unknown: string): string | undefined {
  const mixup = CODE_MIXUPS[unknown.toLowerCase()];
  if (mixup) return mixup;
  if (unknown.length < 3) return undefined;
  let best: { key: string; distance: number } | undefined;
  for (const key of KNOWN_KEYS) {
    if (key.length < 3) continue;
    const distance = editDistance(unknown.toLowerCase(), key.toLowerCase());
    if (distance <= 2 && (!best || distance < best.distance)) best = { key, distance };
  }
  return best?.key;
}

/** `textExpected`: YAML read a number or true/false where the author most likely meant text. */
function describeFound(value: unknown, textExpected = false): string {
  const quoteHint = textExpected ? ' (put text in quotes)' : '';
  if (value === undefined) return 'nothing';
  if (value === null) return 'an empty value';
  if (typeof value === 'number') return `the number ${value}${quoteHint}`;
  if (typeof value === 'boolean') return `${value}${quoteHint}`;
  if (typeof value === 'string') return `"${value.length > 40 ? `${value.slice(0, 39)}…` : value}"`;
  if (Array.isArray(value)) return 'a list';
  return 'a block of key: value lines';
}

const EXPECTED_NAMES: Partial<Record<string, string>> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'a block of key: value lines',
};

interface PlainIssue {
  path: (string | number)[];
  message: string;
  /** Set for unknown keys, so the reporter can point at the key and add context. */
  unknownKey?: string;
}

const toPath = (p: readonly PropertyKey[]) => p.map((k) => (typeof k === 'symbol' ? String(k) : k)) as (string | number)[];

function isBareTypeMismatch(branch: readonly core.$ZodIssue[]): boolean {
  const only = branch[0];
  return branch.length === 1 && only !== undefined && only.code === 'invalid_type' && only.path.length === 0;
}

function plainIssues(issue: core.$ZodIssue, base: (string | number)[] = []): PlainIssue[] {
  const path = [...base, ...toPath(issue.path)];
  switch (issue.code) {
    case 'invalid_type':
      return [
        {
          path,
          message:
            issue.input === undefined
              ? 'missing'
              : `expected ${EXPECTED_NAMES[issue.expected] ?? issue.expected}, found ${describeFound(issue.input, issue.expected === 'string')}`,
        },
      ];
    case 'invalid_union': {
      // One failing branch per alternative; the branch that got past the type check says what is
      // actually wrong ("text or object" → the object is missing `text`).
      const informative = issue.errors.filter((branch) => !isBareTypeMismatch(branch));
      const best = informative.sort((a, b) => a.length - b.length)[0];
      if (best) return best.flatMap((inner) => plainIssues(inner, path));
      if (issue.input === undefined) return [{ path, message: 'missing' }];
      const expected = issue.errors
        .map((branch) => branch[0])
        .map((first) => (first?.code === 'invalid_type' ? first.expected : '?'));
      const names = expected.map((e) => EXPECTED_NAMES[e] ?? e);
      const found = describeFound(issue.input, expected.includes('string'));
      return [{ path, message: `expected ${names.join(' or ')}, found ${found}` }];
    }
    case 'unrecognized_keys':
      return issue.keys.map((key) => ({ path, unknownKey: key, message: '' }));
    case 'invalid_value':
      return [
        {
          path,
          message: `must be one of ${issue.values.map(String).join(', ')} (found ${describeFound(issue.input)})`,
        },
      ];
    default:
      // Every remaining check in the schemas carries a hand-written message.
      return [{ path, message: issue.message }];
  }
}

function formatPath(path: readonly (string | number)[]): string {
  return path.map((k, i) => (typeof k === 'number' ? `[${k}]` : i === 0 ? k : `.${k}`)).join('');
}

interface Located {
  kind: ItemKind;
  id: string | undefined;
  /** The rest of the issue path inside the item. */
  rest: (string | number)[];
}

type Locator = (path: (string | number)[]) => Located;

const unitLocator =
  (data: unknown, fallbackId: string | undefined): Locator =>
  (path) => {
    const [first, second] = path;
    if ((first === 'lessons' || first === 'words' || first === 'sentences') && typeof second === 'number') {
      const list = isRecord(data) ? data[first] : undefined;
      const entry = Array.isArray(list) ? list[second] : undefined;
      const id = isRecord(entry) && typeof entry.id === 'string' ? entry.id : `#${second + 1}`;
      const kind = first === 'lessons' ? 'lesson' : first === 'words' ? 'word' : 'sentence';
      return { kind, id, rest: path.slice(2) };
    }
    if (first === 'notes' && typeof second === 'string') {
      return { kind: 'note', id: second, rest: path.slice(2) };
    }
    return { kind: 'unit', id: fallbackId, rest: path };
  };

const languagesLocator: Locator = (path) => {
  const [first] = path;
  if (typeof first === 'string' && path.length > 0) {
    return { kind: 'language', id: first, rest: path.slice(1) };
  }
  return { kind: 'language', id: undefined, rest: path };
};

function unknownKeyMessage(key: string, kind: ItemKind, rest: readonly (string | number)[]): string {
  const suggestion = suggestKey(key);
  let hint = suggestion && suggestion !== key ? ` (did you mean "${suggestion}"?)` : '';
  const inLanguageValue = rest.length === 1 && typeof rest[0] === 'string';
  if (kind === 'word' && inLanguageValue && (key === 'tokens' || key === 'blank' || key === 'roman_tokens')) {
    hint = ` (${key === 'roman_tokens' ? 'roman_tokens is' : 'tokens and blank are'} only for sentences)`;
  } else if (kind === 'sentence' && inLanguageValue && key === 'gender') {
    hint = ' (gender is only for words)';
  }
  return `unknown key "${key}"${hint}`;
}

function checkSchema(source: SourceFile, schema: ZodType, locate: Locator, report: Report): void {
  const result = schema.safeParse(source.data, { reportInput: true });
  if (result.success) return;
  for (const zodIssue of result.error.issues) {
    for (const plain of plainIssues(zodIssue)) {
      const { kind, id, rest } = locate(plain.path);
      const prefix = rest.length > 0 ? `${formatPath(rest)}: ` : '';
      const where: Where = { source, at: plain.path, kind, ...(id !== undefined && { id }) };
      if (plain.unknownKey !== undefined) {
        report({ ...where, key: plain.unknownKey }, `${prefix}${unknownKeyMessage(plain.unknownKey, kind, rest)}`);
        continue;
      }
      const last = rest[rest.length - 1];
      const isLanguageOfItem =
        (kind === 'word' || kind === 'sentence') && rest.length === 1 && CONTENT_LANGUAGES.includes(last as never);
      let message = plain.message;
      if (message === 'missing' && isLanguageOfItem) {
        message = `missing (every ${kind} needs all ${CONTENT_LANGUAGES.length} languages)`;
      } else if (message === 'missing' && kind === 'note' && rest.length === 0) {
        message = `missing (every unit needs a note for each of the ${TARGET_LANGUAGES.length} target languages)`;
      }
      report(where, `${prefix}${message}`);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Draft reading
// ---------------------------------------------------------------------------------------------

function readLoan(raw: unknown): ReadonlySet<TargetLanguage> {
  if (raw === true) return new Set(TARGET_LANGUAGES);
  if (Array.isArray(raw)) return new Set(raw.filter(isTargetLanguage));
  return new Set();
}

function readItems(data: Record<string, unknown>, kind: 'word' | 'sentence'): DraftItem[] {
  const key = kind === 'word' ? 'words' : 'sentences';
  const list = data[key];
  if (!Array.isArray(list)) return [];
  return list.flatMap((raw, index): DraftItem[] => {
    if (!isRecord(raw)) return [];
    const at: YamlPath = [key, index];
    const forms: Partial<Record<ContentLanguage, DraftForm>> = {};
    for (const lang of CONTENT_LANGUAGES) {
      const value: LanguageValueLike | undefined = lenientLanguageValue(raw[lang]);
      if (value === undefined) continue;
      forms[lang] = {
        value: normaliseLanguageValue(lang, value, kind),
        tokensAuthored: typeof value !== 'string' && value.tokens !== undefined && value.tokens.length > 0,
        romanTokensAuthored: typeof value !== 'string' && value.roman_tokens !== undefined && value.roman_tokens.length > 0,
        at: [...at, lang],
      };
    }
    return [
      {
        kind,
        id: typeof raw.id === 'string' ? raw.id : `#${index + 1}`,
        at,
        lesson: typeof raw.lesson === 'string' ? raw.lesson : undefined,
        loan: readLoan(raw.loan),
        pos: typeof raw.pos === 'string' ? raw.pos : undefined,
        homograph: readLoan(raw.homograph),
        forms,
      },
    ];
  });
}

function readDraftUnit(source: SourceFile): DraftUnit {
  const data = isRecord(source.data) ? source.data : {};
  const lessons = Array.isArray(data.lessons)
    ? data.lessons.flatMap((raw, index): DraftLesson[] =>
        isRecord(raw) && typeof raw.id === 'string' ? [{ id: raw.id, at: ['lessons', index] }] : [],
      )
    : [];
  return {
    source,
    id: typeof data.id === 'string' ? data.id : undefined,
    order: typeof data.order === 'number' ? data.order : undefined,
    lessons,
    words: readItems(data, 'word'),
    sentences: readItems(data, 'sentence'),
  };
}

// ---------------------------------------------------------------------------------------------
// Unit checks
// ---------------------------------------------------------------------------------------------

function checkFileName(unit: DraftUnit, report: Report): void {
  if (unit.id === undefined || unit.order === undefined) return;
  const expected = `${String(unit.order).padStart(2, '0')}-${unit.id}.yaml`;
  const actual = unit.source.file.slice(UNITS_DIR.length + 1);
  if (actual !== expected) {
    report(unitWhere(unit), `file name should be "${expected}" (NN = order ${unit.order}, then the unit id)`);
  }
}

function checkUnitSize(unit: DraftUnit, report: Report): void {
  const n = unit.lessons.length;
  const { min, max } = UNIT_LESSON_COUNT;
  if (n < min || n > max) {
    report(unitWhere(unit, ['lessons']), `has ${n} lessons (a unit needs ${min}–${max})`);
  }
}

// The unit id may itself be malformed (reported elsewhere); it must not break the pattern.
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function checkLessonIds(unit: DraftUnit, report: Report): void {
  if (unit.id === undefined) return;
  const pattern = new RegExp(`^${escapeRegExp(unit.id)}-\\d+$`);
  for (const lesson of unit.lessons) {
    if (!pattern.test(lesson.id)) {
      report(
        { source: unit.source, at: lesson.at, kind: 'lesson', id: lesson.id },
        `id should be "${unit.id}-<n>" (the unit id, a hyphen and the lesson number)`,
      );
    }
  }
}

function checkSentenceIds(unit: DraftUnit, report: Report): void {
  if (unit.id === undefined) return;
  const pattern = new RegExp(`^${escapeRegExp(unit.id)}-s\\d{2,}$`);
  for (const sentence of unit.sentences) {
    if (!pattern.test(sentence.id)) {
      report(itemWhere(unit, sentence), `id should be "${unit.id}-s<nn>" (e.g. ${unit.id}-s01)`);
    }
  }
}

function checkLessonSizes(unit: DraftUnit, report: Report): void {
  for (const lesson of unit.lessons) {
    const where: Where = { source: unit.source, at: lesson.at, kind: 'lesson', id: lesson.id };
    const words = unit.words.filter((w) => w.lesson === lesson.id).length;
    const sentences = unit.sentences.filter((s) => s.lesson === lesson.id).length;
    if (words < LESSON_WORD_COUNT.min || words > LESSON_WORD_COUNT.max) {
      report(where, `has ${words} words (a lesson needs ${LESSON_WORD_COUNT.min}–${LESSON_WORD_COUNT.max})`);
    }
    if (sentences < LESSON_SENTENCE_COUNT.min || sentences > LESSON_SENTENCE_COUNT.max) {
      report(where, `has ${sentences} sentences (a lesson needs ${LESSON_SENTENCE_COUNT.min}–${LESSON_SENTENCE_COUNT.max})`);
    }
  }
}

function checkLessonReferences(unit: DraftUnit, report: Report): void {
  const known = new Set(unit.lessons.map((l) => l.id));
  for (const item of [...unit.words, ...unit.sentences]) {
    if (item.lesson === undefined || known.has(item.lesson)) continue;
    const list = [...known].join(', ') || 'none';
    report(
      itemWhere(unit, item, [...item.at, 'lesson']),
      `lesson "${item.lesson}" does not exist in this unit (lessons: ${list})`,
    );
  }
}

/** Titles and descriptions are shown to learners as-is, so a copy-pasted English title shows. */
function checkTitleScripts(unit: DraftUnit, report: Report): void {
  const data = isRecord(unit.source.data) ? unit.source.data : {};
  const check = (where: Where, field: string, texts: unknown) => {
    if (!isRecord(texts)) return;
    for (const lang of CONTENT_LANGUAGES) {
      const text = texts[lang];
      if (typeof text !== 'string') continue;
      const v = detectScriptViolation(lang, text);
      if (v) {
        const message = `${field}.${lang} is ${describeScriptViolation(v)}`;
        report({ ...where, at: [...where.at, field, lang] }, message);
      }
    }
  };
  check(unitWhere(unit), 'title', data.title);
  for (const lesson of unit.lessons) {
    const raw = Array.isArray(data.lessons) ? data.lessons[lesson.at[1] as number] : undefined;
    if (!isRecord(raw)) continue;
    const where: Where = { source: unit.source, at: lesson.at, kind: 'lesson', id: lesson.id };
    check(where, 'title', raw.title);
    check(where, 'description', raw.description);
  }
}

// ---------------------------------------------------------------------------------------------
// Word and sentence checks
// ---------------------------------------------------------------------------------------------

function* formsOf(item: DraftItem): Generator<[ContentLanguage, DraftForm]> {
  for (const lang of CONTENT_LANGUAGES) {
    const form = item.forms[lang];
    if (form) yield [lang, form];
  }
}

function checkScripts(unit: DraftUnit, item: DraftItem, report: Report): void {
  for (const [lang, form] of formsOf(item)) {
    const where = itemWhere(unit, item, form.at);
    const text = detectScriptViolation(lang, form.value.text);
    if (text) report(where, `${lang}: text is ${describeScriptViolation(text)}`);
    for (const alt of form.value.alt) {
      const v = detectScriptViolation(lang, alt);
      if (v) report(where, `${lang}: alt "${alt}" is ${describeScriptViolation(v)}`);
    }
    if (form.value.roman !== undefined) {
      const v = detectScriptViolation('en', form.value.roman);
      if (v) report(where, `${lang}: roman is ${describeScriptViolation(v)}`);
    }
  }
}

function checkRomanisation(unit: DraftUnit, item: DraftItem, report: Report): void {
  for (const [lang, form] of formsOf(item)) {
    if (isRomanisedLanguage(lang) && form.value.roman === undefined) {
      report(
        itemWhere(unit, item, form.at),
        `${lang}: roman is missing (${LANGUAGE_NAMES[lang]} needs a romanisation: ${lang}: { text: …, roman: … })`,
      );
    }
  }
}

function checkTokensAuthored(unit: DraftUnit, item: DraftItem, report: Report): void {
  if (item.kind !== 'sentence') return;
  for (const lang of TOKENS_REQUIRED_LANGUAGES) {
    const form = item.forms[lang];
    if (form && !form.tokensAuthored) {
      report(
        itemWhere(unit, item, form.at),
        `${lang}: tokens are missing (${LANGUAGE_NAMES[lang]} is written without spaces: list the chunks, e.g. tokens: [私の, 名前は])`,
      );
    }
  }
}

function checkTokensJoin(unit: DraftUnit, item: DraftItem, report: Report): void {
  for (const [lang, form] of formsOf(item)) {
    if (!form.tokensAuthored || tokensJoinText(form.value.tokens, form.value.text)) continue;
    report(
      itemWhere(unit, item, [...form.at, 'tokens']),
      `${lang}: tokens do not join back into the text (tokens spell "${tokenJoinKey(form.value.tokens.join(''))}", text has "${tokenJoinKey(form.value.text)}")`,
    );
  }
}

function checkBlank(unit: DraftUnit, item: DraftItem, report: Report): void {
  for (const [lang, form] of formsOf(item)) {
    const { blank, tokens } = form.value;
    if (blank === undefined) continue;
    const tokensMissing = (TOKENS_REQUIRED_LANGUAGES as readonly string[]).includes(lang) && !form.tokensAuthored;
    if (tokensMissing || blank < tokens.length) continue;
    const listing = tokens.map((t, i) => `${i} ${t}`).join(', ');
    report(
      itemWhere(unit, item, [...form.at, 'blank']),
      `${lang}: blank ${blank} is outside the tokens (${tokens.length} tokens, counted from 0: ${listing})`,
    );
  }
}

function checkLoanWords(unit: DraftUnit, item: DraftItem, report: Report): void {
  const english = item.forms.en;
  if (!english) return;
  const englishKey = comparableForm('en', english.value.text);
  if (!englishKey) return;
  for (const lang of TARGET_LANGUAGES) {
    const form = item.forms[lang];
    if (!form || item.loan.has(lang)) continue;
    if (comparableForm(lang, form.value.text) === englishKey) {
      report(
        itemWhere(unit, item, form.at),
        `${lang}: "${form.value.text}" is the same as English "${english.value.text}" — translate it, or mark the ${item.kind} loan: true (or loan: [${lang}]) if that is the real ${LANGUAGE_NAMES[lang]} form`,
      );
    }
  }
}

/** Letters only, case-folded, without accents: how loosely roman_tokens must spell the roman. */
const romanLetters = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[^\p{L}]+/gu, '')
    .toLowerCase();

function checkTokensRoman(unit: DraftUnit, item: DraftItem, report: Report): void {
  if (item.kind !== 'sentence') return;
  for (const [lang, form] of formsOf(item)) {
    const { tokens, tokens_roman: tokensRoman, roman } = form.value;
    const where = itemWhere(unit, item, [...form.at, 'roman_tokens']);
    if (!isRomanisedLanguage(lang)) {
      if (form.romanTokensAuthored) report(where, `${lang}: roman_tokens is only for ${ROMANISED_LANGUAGES.join(', ')}`);
      continue;
    }
    // Missing roman or missing ja/zh tokens are reported by their own checks.
    const tokensMissing = (TOKENS_REQUIRED_LANGUAGES as readonly string[]).includes(lang) && !form.tokensAuthored;
    if (roman === undefined || tokensMissing) continue;
    const listing = tokens.map((t, i) => `${i} ${t}`).join(', ');
    if (!form.romanTokensAuthored) {
      if (tokensRoman === undefined) {
        report(
          itemWhere(unit, item, form.at),
          `${lang}: the romanisation of each token can't be derived: roman "${roman}" does not have one word per token (${tokens.length} tokens: ${listing}) — add roman_tokens: [...] with one romanisation per token`,
        );
      }
      continue;
    }
    if (tokensRoman === undefined) continue;
    if (tokensRoman.length !== tokens.length) {
      report(
        where,
        `${lang}: roman_tokens has ${tokensRoman.length} entr${tokensRoman.length === 1 ? 'y' : 'ies'} but there are ${tokens.length} tokens (${listing})`,
      );
    } else if (romanLetters(tokensRoman.join('')) !== romanLetters(roman)) {
      report(where, `${lang}: roman_tokens (${tokensRoman.join(' | ')}) do not spell the roman "${roman}"`);
    }
  }
}

const ITEM_CHECKS = [
  checkScripts,
  checkRomanisation,
  checkTokensAuthored,
  checkTokensJoin,
  checkTokensRoman,
  checkBlank,
  checkLoanWords,
] as const;

const UNIT_CHECKS = [
  checkFileName,
  checkTitleScripts,
  checkUnitSize,
  checkLessonIds,
  checkSentenceIds,
  checkLessonSizes,
  checkLessonReferences,
] as const;

// ---------------------------------------------------------------------------------------------
// Checks across files
// ---------------------------------------------------------------------------------------------

function checkDuplicateIds(units: readonly DraftUnit[], report: Report): void {
  const seen = new Map<string, string>();
  const visit = (where: Where & { kind: ItemKind; id: string }) => {
    const key = `${where.kind}\u0000${where.id}`;
    const here = `${where.source.file}:${where.source.lineOf(where.at) ?? '?'}`;
    const first = seen.get(key);
    if (first === undefined) seen.set(key, here);
    else report(where, `duplicate ${where.kind} id (first used at ${first})`);
  };
  // One kind at a time, so "first used at" always points into the earliest file.
  for (const unit of units) {
    if (unit.id !== undefined) {
      visit({ source: unit.source, at: ['id'], kind: 'unit', id: unit.id });
    }
  }
  for (const unit of units) {
    for (const lesson of unit.lessons) {
      visit({ source: unit.source, at: lesson.at, kind: 'lesson', id: lesson.id });
    }
  }
  for (const unit of units) {
    for (const item of [...unit.words, ...unit.sentences]) {
      visit({ ...itemWhere(unit, item), kind: item.kind, id: item.id });
    }
  }
}

/**
 * Parts of speech the order rule leaves out: the small closed classes every sentence needs
 * ("y", "de", "the", "I") that a course meets long before the lesson that lists them.
 */
const ORDER_EXEMPT_POS: ReadonlySet<string> = new Set(['pronoun', 'determiner', 'preposition', 'conjunction']);

/**
 * No word before its lesson: in each course, a sentence may not use as one of its tokens a word
 * that a later lesson teaches (course order: unit order, then lesson order), unless the same text
 * is also a word of that lesson or an earlier one, or the token belongs to a phrase taught by then
 * ("утро" inside "доброе утро"). Tokens and word texts compare as comparableForm (case, leading
 * article and punctuation ignored); function words (ORDER_EXEMPT_POS) and forms marked
 * `homograph` are left out.
 */
function checkWordOrder(units: readonly DraftUnit[], report: Report): void {
  const ordered = [...units].filter((u) => u.order !== undefined).sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
  const lessonIndex = new Map<string, number>();
  for (const unit of ordered)
    for (const lesson of unit.lessons) if (!lessonIndex.has(lesson.id)) lessonIndex.set(lesson.id, lessonIndex.size);
  const lessonOf = (item: DraftItem) => (item.lesson === undefined ? undefined : lessonIndex.get(item.lesson));

  for (const lang of TARGET_LANGUAGES) {
    // The earliest lesson teaching each text, and the word that teaches it there.
    const taught = new Map<string, { index: number; word: DraftItem; unit: DraftUnit; lessonId: string }>();
    // Multi-word words (phrases) as token sequences, with the lesson teaching them.
    const phrases: { tokens: string[]; index: number }[] = [];
    for (const unit of ordered) {
      for (const word of unit.words) {
        const index = lessonOf(word);
        const form = word.forms[lang];
        if (index === undefined || !form || word.lesson === undefined) continue;
        const key = comparableForm(lang, form.value.text);
        if (!key) continue;
        if (key.includes(' ')) phrases.push({ tokens: key.split(' '), index });
        const exempt = (word.pos !== undefined && ORDER_EXEMPT_POS.has(word.pos)) || word.homograph.has(lang);
        const first = taught.get(key);
        // A text that an exempt word also teaches is never reported.
        const entry = { index: exempt ? -1 : index, word, unit, lessonId: word.lesson };
        if (!first || entry.index < first.index) taught.set(key, entry);
      }
    }
    for (const unit of ordered) {
      for (const sentence of unit.sentences) {
        const index = lessonOf(sentence);
        const form = sentence.forms[lang];
        if (index === undefined || !form) continue;
        const keys = form.value.tokens.map((t) => comparableForm(lang, t));
        const covered = new Set<number>();
        for (const phrase of phrases) {
          if (phrase.index > index) continue;
          for (let start = 0; start + phrase.tokens.length <= keys.length; start++) {
            if (!phrase.tokens.every((t, i) => keys[start + i] === t)) continue;
            for (let i = 0; i < phrase.tokens.length; i++) covered.add(start + i);
          }
        }
        const reported = new Set<string>();
        keys.forEach((key, i) => {
          const first = taught.get(key);
          if (!first || first.index <= index || covered.has(i) || reported.has(key)) return;
          reported.add(key);
          report(
            itemWhere(unit, sentence, [...form.at]),
            `${lang}: "${form.value.tokens[i]}" is taught later, by word "${first.word.id}" in lesson ${first.lessonId}${first.unit === unit ? '' : ` (${first.unit.source.file})`} — move the sentence to that lesson or later, or reword it (a word spelt like an unrelated one: mark it homograph: [${lang}])`,
          );
        });
      }
    }
  }
}

function checkUnitOrders(units: readonly DraftUnit[], report: Report): void {
  const seen = new Map<number, DraftUnit>();
  for (const unit of units) {
    if (unit.order === undefined) continue;
    const first = seen.get(unit.order);
    if (first) {
      report(unitWhere(unit, ['order']), `order ${unit.order} is also used by ${first.source.file}`);
    } else {
      seen.set(unit.order, unit);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// languages.yaml
// ---------------------------------------------------------------------------------------------

function checkLanguageEntries(source: SourceFile, report: Report): LanguageInfo[] {
  checkSchema(source, LanguagesFileSchema, languagesLocator, report);
  if (!isRecord(source.data)) return [];
  const languages: LanguageInfo[] = [];
  for (const [code, raw] of Object.entries(source.data)) {
    if (!isTargetLanguage(code)) continue;
    const where: Where = { source, at: [code], kind: 'language', id: code };
    const entry = LanguageFileEntrySchema.safeParse(raw);
    if (!entry.success) continue;
    const { name, nativeName, ttsLocale } = entry.data;
    const own = detectScriptViolation(code, nativeName);
    if (own) {
      report({ ...where, at: [code, 'nativeName'] }, `nativeName is ${describeScriptViolation(own)}`);
    }
    for (const ui of INTERFACE_LANGUAGES) {
      const v = detectScriptViolation(ui, name[ui]);
      if (v) {
        report({ ...where, at: [code, 'name', ui] }, `name.${ui} is ${describeScriptViolation(v)}`);
      }
    }
    if (!ttsLocale.startsWith(`${code}-`)) {
      report({ ...where, at: [code, 'ttsLocale'] }, `ttsLocale "${ttsLocale}" is not a ${code}-XX locale`);
    }
    languages.push({ code, ...entry.data });
  }
  return languages;
}

// ---------------------------------------------------------------------------------------------
// Entry points
// ---------------------------------------------------------------------------------------------

/** Reads and checks the whole content directory; the issues are empty when it is valid. */
export function inspectContent(dir: string = defaultContentDir): ContentInspection {
  const issues: ContentIssue[] = [];
  const report = makeReporter(issues);

  const { files, strays } = listUnitFiles(dir);
  if (files.length === 0) {
    issues.push({
      file: `${UNITS_DIR}/`,
      message: 'no unit files found (units/NN-<unit-id>.yaml)',
    });
  }
  for (const stray of strays) {
    issues.push({
      file: stray,
      message: 'not read: unit files must be named NN-<unit-id>.yaml (ending in ".yaml")',
    });
  }

  const units: DraftUnit[] = [];
  for (const file of files) {
    const { source, issues: readIssues } = readSourceFile(dir, file);
    issues.push(...readIssues);
    if (!source) continue;
    if (!isRecord(source.data)) {
      issues.push({ file, message: 'expected a unit (id:, order:, title:, lessons:, words:, …)' });
      continue;
    }
    const unit = readDraftUnit(source);
    units.push(unit);
    checkSchema(source, ContentUnitFileSchema, unitLocator(source.data, unit.id), report);
    for (const check of UNIT_CHECKS) check(unit, report);
    for (const item of [...unit.words, ...unit.sentences]) {
      for (const check of ITEM_CHECKS) check(unit, item, report);
    }
  }
  checkDuplicateIds(units, report);
  checkUnitOrders(units, report);
  checkWordOrder(units, report);

  const { source: languagesSource, issues: languageReadIssues } = readSourceFile(dir, LANGUAGES_FILE);
  issues.push(...languageReadIssues);
  const languages = languagesSource ? checkLanguageEntries(languagesSource, report) : [];

  return { dir, issues: sortIssues(issues), units, languages, languagesSource };
}

/** All problems in the content directory, sorted by file and line. */
export function validateContentBank(dir: string = defaultContentDir): ContentIssue[] {
  return inspectContent(dir).issues;
}

export function sortIssues(issues: readonly ContentIssue[]): ContentIssue[] {
  return [...issues].sort((a, b) => a.file.localeCompare(b.file) || (a.line ?? 0) - (b.line ?? 0));
}

// ---------------------------------------------------------------------------------------------
// Formatting
// ---------------------------------------------------------------------------------------------

/** `units/03-food.yaml:42  word "apple"  ja: text is not in Japanese script …` */
export function formatIssue(issue: ContentIssue): string {
  const location = issue.line === undefined ? issue.file : `${issue.file}:${issue.line}`;
  const item = issue.kind === undefined ? '' : `${issue.kind}${issue.id === undefined ? '' : ` "${issue.id}"`}  `;
  return `${location}  ${item}${issue.message}`;
}

/** Issues grouped by file, a blank line between files. */
export function formatIssues(issues: readonly ContentIssue[]): string {
  const groups = new Map<string, string[]>();
  for (const issue of sortIssues(issues)) {
    const lines = groups.get(issue.file) ?? [];
    lines.push(formatIssue(issue));
    groups.set(issue.file, lines);
  }
  return [...groups.values()].map((lines) => lines.join('\n')).join('\n\n');
}
