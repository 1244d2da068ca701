/**
 * Per-course size of the content bank, against the targets a course must reach. Works on the
 * validator's draft reading, so it can be printed while content is still being written.
 */
import {
  COURSE_TARGETS,
  type ContentLanguage,
  type LanguageInfo,
  TARGET_LANGUAGES,
  type TargetLanguage,
} from '@parla/shared/content.schema';
import type { ContentBank } from './load-content';
import type { DraftUnit } from './validate-content';

/** The minimum a unit must expose to be counted: forms per language of its words and sentences. */
export interface CountableUnit {
  lessonCount: number;
  words: readonly { forms: Partial<Record<ContentLanguage, unknown>> }[];
  sentences: readonly { forms: Partial<Record<ContentLanguage, unknown>> }[];
}

export interface CourseSummary {
  language: TargetLanguage;
  /** e.g. "🇪🇸 Spanish" when languages.yaml is available, else the code. */
  label: string;
  units: number;
  lessons: number;
  words: number;
  sentences: number;
  /** Targets not reached, e.g. ["units < 10"]; empty when the course meets them all. */
  shortfalls: string[];
}

export function countableFromDrafts(units: readonly DraftUnit[]): CountableUnit[] {
  return units.map((u) => ({
    lessonCount: u.lessons.length,
    words: u.words,
    sentences: u.sentences,
  }));
}

export function countableFromBank(bank: ContentBank): CountableUnit[] {
  return bank.units.map((u) => ({
    lessonCount: u.lessons.length,
    words: u.lessons.flatMap((l) => l.words),
    sentences: u.lessons.flatMap((l) => l.sentences),
  }));
}

/**
 * A course counts a word or sentence only when it exists in the course language and in English
 * (the fallback native language); a unit only when it has at least one lesson.
 */
export function summariseCourses(units: readonly CountableUnit[], languages: readonly LanguageInfo[] = []): CourseSummary[] {
  const infoByCode = new Map(languages.map((l) => [l.code, l]));
  const ordered = [...languages.map((l) => l.code), ...TARGET_LANGUAGES.filter((code) => !infoByCode.has(code))];
  return ordered.map((language) => {
    const has = (item: { forms: Partial<Record<ContentLanguage, unknown>> }) =>
      item.forms[language] !== undefined && item.forms.en !== undefined;
    const counted = units.filter((u) => u.lessonCount > 0);
    const counts = {
      units: counted.length,
      lessons: counted.reduce((n, u) => n + u.lessonCount, 0),
      words: counted.reduce((n, u) => n + u.words.filter(has).length, 0),
      sentences: counted.reduce((n, u) => n + u.sentences.filter(has).length, 0),
    };
    const shortfalls = (Object.keys(COURSE_TARGETS) as (keyof typeof COURSE_TARGETS)[])
      .filter((key) => counts[key] < COURSE_TARGETS[key])
      .map((key) => `${key} < ${COURSE_TARGETS[key]}`);
    const info = infoByCode.get(language);
    const label = info ? `${info.flag} ${info.name.en}` : language;
    return { language, label, ...counts, shortfalls };
  });
}

/** A Markdown table, ready to paste into a README. */
export function renderSummaryTable(courses: readonly CourseSummary[]): string {
  const t = COURSE_TARGETS;
  const rows = courses.map(
    (c) =>
      `| ${c.label} (${c.language}) | ${c.units} | ${c.lessons} | ${c.words} | ${c.sentences} | ${
        c.shortfalls.length === 0 ? '✅ yes' : `❌ no (${c.shortfalls.join(', ')})`
      } |`,
  );
  return [
    '| Course | Units | Lessons | Words | Sentences | Meets targets |',
    '|---|--:|--:|--:|--:|---|',
    ...rows,
    '',
    `Targets per course: ≥ ${t.units} units, ≥ ${t.lessons} lessons, ≥ ${t.words} words, ≥ ${t.sentences} sentences.`,
  ].join('\n');
}
