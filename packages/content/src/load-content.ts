/**
 * The typed loader the server calls at start: validates the whole content directory and returns
 * the normalised bank, or throws one error listing every problem.
 */
import {
  CONTENT_LANGUAGES,
  type ContentLanguage,
  type ContentLesson,
  type ContentSentence,
  type ContentSentenceInput,
  type ContentUnit,
  ContentUnitFileSchema,
  type ContentWord,
  type ContentWordInput,
  type LanguageForms,
  type LanguageInfo,
  TARGET_LANGUAGES,
  type TargetLanguage,
} from '@parla/shared/content.schema';
import { type ContentIssue, defaultContentDir, normaliseLanguageValue } from './read-content';
import { formatIssues, inspectContent } from './validate-content';

export type { ContentIssue } from './read-content';
export { defaultContentDir } from './read-content';

export interface ContentBankStats {
  units: number;
  lessons: number;
  words: number;
  sentences: number;
}

export interface ContentBank {
  /** Absolute path of the directory the bank was read from. */
  dir: string;
  /** Sorted by `order`; lessons in file order, each with its words and sentences. */
  units: ContentUnit[];
  /** The 12 target languages in selection-screen order (the order of languages.yaml). */
  languages: LanguageInfo[];
  unitsById: ReadonlyMap<string, ContentUnit>;
  lessonsById: ReadonlyMap<string, ContentLesson>;
  wordsById: ReadonlyMap<string, ContentWord>;
  sentencesById: ReadonlyMap<string, ContentSentence>;
  languagesByCode: ReadonlyMap<TargetLanguage, LanguageInfo>;
  stats: ContentBankStats;
}

/** Thrown by `loadContentBank` when the content is invalid; `issues` has every problem. */
export class ContentValidationError extends Error {
  readonly issues: readonly ContentIssue[];

  constructor(dir: string, issues: readonly ContentIssue[]) {
    const shown = issues.slice(0, 50);
    const more = issues.length > shown.length ? `\n… and ${issues.length - shown.length} more` : '';
    super(
      `Invalid content in ${dir} (${issues.length} issue${issues.length === 1 ? '' : 's'}; run \`npm run content:validate\`):\n${formatIssues(shown)}${more}`,
    );
    this.name = 'ContentValidationError';
    this.issues = issues;
  }
}

function formsOf(raw: ContentWordInput | ContentSentenceInput, kind: 'word' | 'sentence'): LanguageForms {
  const entries = CONTENT_LANGUAGES.map((lang: ContentLanguage) => [lang, normaliseLanguageValue(lang, raw[lang], kind)]);
  return Object.fromEntries(entries) as LanguageForms;
}

function loanOf(loan: boolean | TargetLanguage[] | undefined): TargetLanguage[] {
  if (loan === true) return [...TARGET_LANGUAGES];
  return Array.isArray(loan) ? [...loan] : [];
}

/** Validates and loads the content bank. Default: this package's own directory. */
export function loadContentBank(dir: string = defaultContentDir): ContentBank {
  const inspection = inspectContent(dir);
  if (inspection.issues.length > 0) throw new ContentValidationError(dir, inspection.issues);

  const units: ContentUnit[] = inspection.units.map(({ source }) => {
    // Validation passed, so the strict parse cannot fail; parsing again gives us the typed shape.
    const file = ContentUnitFileSchema.parse(source.data);
    const lessons: ContentLesson[] = file.lessons.map((lesson, index) => ({
      id: lesson.id,
      unitId: file.id,
      index,
      title: lesson.title,
      description: lesson.description,
      words: file.words
        .filter((w) => w.lesson === lesson.id)
        .map((w) => ({
          id: w.id,
          unitId: file.id,
          lessonId: w.lesson,
          pos: w.pos,
          loan: loanOf(w.loan),
          forms: formsOf(w, 'word'),
        })),
      sentences: file.sentences
        .filter((s) => s.lesson === lesson.id)
        .map((s) => ({
          id: s.id,
          unitId: file.id,
          lessonId: s.lesson,
          loan: loanOf(s.loan),
          forms: formsOf(s, 'sentence'),
        })),
    }));
    return {
      id: file.id,
      order: file.order,
      cefr: file.cefr,
      icon: file.icon,
      title: file.title,
      lessons,
      notes: file.notes,
    };
  });
  units.sort((a, b) => a.order - b.order);

  const lessons = units.flatMap((u) => u.lessons);
  const words = lessons.flatMap((l) => l.words);
  const sentences = lessons.flatMap((l) => l.sentences);
  return {
    dir,
    units,
    languages: inspection.languages,
    unitsById: new Map(units.map((u) => [u.id, u])),
    lessonsById: new Map(lessons.map((l) => [l.id, l])),
    wordsById: new Map(words.map((w) => [w.id, w])),
    sentencesById: new Map(sentences.map((s) => [s.id, s])),
    languagesByCode: new Map(inspection.languages.map((l) => [l.code, l])),
    stats: {
      units: units.length,
      lessons: lessons.length,
      words: words.length,
      sentences: sentences.length,
    },
  };
}
