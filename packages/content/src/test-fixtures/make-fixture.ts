/**
 * Builds small content directories for tests: a valid unit as plain data that a test breaks in
 * one place, written as YAML into a fresh temp directory.
 */
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CONTENT_LANGUAGES, TARGET_LANGUAGES } from '@parla/shared/content.schema';
import { stringify } from 'yaml';
import { defaultContentDir, LANGUAGES_FILE } from '../read-content';

export type Data = Record<string, unknown>;

/** The same noun in every language; its forms follow the README rules (article, roman). */
const WORD_FORMS: Data = {
  en: 'house',
  es: 'la casa',
  fr: 'la maison',
  de: 'das Haus',
  it: 'la casa',
  pt: 'a casa',
  nl: 'het huis',
  ru: { text: 'дом', roman: 'dom' },
  ja: { text: '家', roman: 'ie' },
  zh: { text: '房子', roman: 'fángzi' },
  ko: { text: '집', roman: 'jip' },
  ar: { text: 'بيت', roman: 'bayt' },
  hi: { text: 'घर', roman: 'ghar' },
};

const SENTENCE_FORMS: Data = {
  en: { text: 'My name is Anna.', blank: 1 },
  es: { text: 'Me llamo Anna.', blank: 1, alt: ['Mi nombre es Anna.'] },
  fr: "Je m'appelle Anna.",
  de: 'Ich heiße Anna.',
  it: 'Mi chiamo Anna.',
  pt: 'Meu nome é Anna.',
  nl: 'Mijn naam is Anna.',
  ru: { text: 'Меня зовут Анна.', roman: 'Menya zovut Anna.' },
  ja: {
    text: '私の名前はアンナです。',
    tokens: ['私の', '名前は', 'アンナです'],
    blank: 1,
    roman: 'Watashi no namae wa Anna desu.',
    roman_tokens: ['watashi no', 'namae wa', 'Anna desu'],
  },
  zh: { text: '我叫安娜。', tokens: ['我', '叫', '安娜'], roman: 'Wǒ jiào Ānnà.' },
  ko: { text: '제 이름은 안나입니다.', roman: 'Je ireumeun Annaimnida.' },
  ar: { text: 'اسمي آنا.', roman: 'Ismī Ānā.' },
  hi: { text: 'मेरा नाम अन्ना है।', roman: 'Merā nām Annā hai.' },
};

// Titles must be in each language's script too; digits are allowed in any script.
const GREETING: Record<(typeof CONTENT_LANGUAGES)[number], string> = {
  en: 'Greetings',
  es: 'Saludos',
  fr: 'Salutations',
  de: 'Begrüßung',
  it: 'Saluti',
  pt: 'Saudações',
  nl: 'Begroetingen',
  ru: 'Приветствия',
  ja: 'あいさつ',
  zh: '问候',
  ko: '인사',
  ar: 'تحيات',
  hi: 'अभिवादन',
};

const localised = (suffix: string): Data => Object.fromEntries(CONTENT_LANGUAGES.map((l) => [l, `${GREETING[l]} ${suffix}`]));

/** Deep copy, so tests can mutate what they get. */
const clone = <T>(value: T): T => structuredClone(value);

export interface UnitOptions {
  id?: string;
  order?: number;
  lessons?: number;
  wordsPerLesson?: number;
  sentencesPerLesson?: number;
}

/** A valid unit: 4 lessons × (5 words + 2 sentences) by default. */
export function makeUnit(options: UnitOptions = {}): Data {
  const { id = 'greetings', order = 1, lessons = 4, wordsPerLesson = 5, sentencesPerLesson = 2 } = options;
  const lessonIds = Array.from({ length: lessons }, (_, i) => `${id}-${i + 1}`);
  return {
    id,
    order,
    cefr: 'A1',
    icon: '👋',
    title: localised(String(order)),
    lessons: lessonIds.map((lessonId, i) => ({
      id: lessonId,
      title: localised(`${order}.${i + 1}`),
      description: localised(`${order}.${i + 1}.`),
    })),
    words: lessonIds.flatMap((lessonId, l) =>
      Array.from({ length: wordsPerLesson }, (_, w) => ({
        id: `${id}-word-${l * wordsPerLesson + w + 1}`,
        lesson: lessonId,
        pos: 'noun',
        ...clone(WORD_FORMS),
      })),
    ),
    sentences: lessonIds.flatMap((lessonId, l) =>
      Array.from({ length: sentencesPerLesson }, (_, s) => ({
        id: `${id}-s${String(l * sentencesPerLesson + s + 1).padStart(2, '0')}`,
        lesson: lessonId,
        ...clone(SENTENCE_FORMS),
      })),
    ),
    notes: Object.fromEntries(TARGET_LANGUAGES.map((l) => [l, { en: `A note about ${l}.` }])),
  };
}

/** Typed access into fixture data for the mutation a test needs. */
export function at(data: Data, ...keys: (string | number)[]): Data {
  let node: unknown = data;
  for (const key of keys) {
    node = (node as Record<string | number, unknown>)[key];
    if (typeof node !== 'object' || node === null) throw new Error(`fixture has no object at ${keys.join('.')}`);
  }
  return node as Data;
}

export const unitFileName = (unit: Data) => `${String(unit.order).padStart(2, '0')}-${String(unit.id)}.yaml`;

const created: string[] = [];

export interface FixtureFiles {
  /** Unit data (written as YAML under its conventional name) or raw YAML text by file name. */
  units?: (Data | { name: string; text: string })[];
  /** Raw text of languages.yaml; default: a copy of the real one. */
  languages?: string;
}

/** Writes a content directory into a fresh temp folder and returns its path. */
export function writeFixture(files: FixtureFiles = {}): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'parla-content-'));
  created.push(dir);
  mkdirSync(path.join(dir, 'units'));
  for (const unit of files.units ?? [makeUnit()]) {
    const isRaw = typeof unit.name === 'string' && typeof unit.text === 'string';
    const name = isRaw ? String(unit.name) : unitFileName(unit);
    const text = isRaw ? String(unit.text) : stringify(unit);
    writeFileSync(path.join(dir, 'units', name), text);
  }
  if (files.languages === undefined) copyFileSync(path.join(defaultContentDir, LANGUAGES_FILE), path.join(dir, LANGUAGES_FILE));
  else writeFileSync(path.join(dir, LANGUAGES_FILE), files.languages);
  return dir;
}

export function removeFixtures(): void {
  for (const dir of created.splice(0)) rmSync(dir, { recursive: true, force: true });
}
