/**
 * Schemas of Parla's content bank.
 *
 * Two families live here:
 * - `*FileSchema` / `*InputSchema`: what a human writes in packages/content/*.yaml. Strict
 *   (unknown keys are errors, so typos like `tokns` are caught) and lenient in form (a language
 *   value may be a plain string).
 * - `Content*Schema` / `LanguageInfoSchema`: the normalised shape the server and the lesson
 *   engine consume (every language value is an object, tokens always present, ids resolved).
 */
import { z } from 'zod';
import { INTERFACE_LANGUAGE_CODES, TARGET_LANGUAGES, type TargetLanguage } from './languages';

// ---------------------------------------------------------------------------------------------
// Language sets
// ---------------------------------------------------------------------------------------------

/** Every unit exists in all of these, so any native → target pair can be served. */
export const CONTENT_LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pt', 'nl', 'ru', 'ja', 'zh', 'ko', 'ar', 'hi'] as const;
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];

// The courses offered live with the interface languages, in a module without zod: the landing counts them.
export { TARGET_LANGUAGES, type TargetLanguage } from './languages';

/** Languages a learner can pick as "I speak …" during setup. */
export const NATIVE_LANGUAGES = ['en', 'es', 'fr', 'de', 'it', 'pt', 'zh', 'ja', 'ko', 'ru'] as const;
export type NativeLanguage = (typeof NATIVE_LANGUAGES)[number];

/** Non-Latin scripts: learners need a romanisation until they can read the script. */
export const ROMANISED_LANGUAGES = ['ja', 'zh', 'ko', 'ru', 'ar', 'hi'] as const;
export type RomanisedLanguage = (typeof ROMANISED_LANGUAGES)[number];

/** Written without spaces, so word-ordering chunks cannot be derived and must be authored. */
export const TOKENS_REQUIRED_LANGUAGES = ['ja', 'zh'] as const;

/** Languages of the user interface (the catalogue is languages.ts); languages.yaml localises into all. */
export const INTERFACE_LANGUAGES = INTERFACE_LANGUAGE_CODES;
export type InterfaceLanguage = (typeof INTERFACE_LANGUAGES)[number];

function isOneOf<T extends string>(list: readonly T[], value: unknown): value is T {
  return typeof value === 'string' && (list as readonly string[]).includes(value);
}
export const isContentLanguage = (v: unknown): v is ContentLanguage => isOneOf(CONTENT_LANGUAGES, v);
export const isTargetLanguage = (v: unknown): v is TargetLanguage => isOneOf(TARGET_LANGUAGES, v);
export const isNativeLanguage = (v: unknown): v is NativeLanguage => isOneOf(NATIVE_LANGUAGES, v);
export const isRomanisedLanguage = (v: unknown): v is RomanisedLanguage => isOneOf(ROMANISED_LANGUAGES, v);
export const isInterfaceLanguage = (v: unknown): v is InterfaceLanguage => isOneOf(INTERFACE_LANGUAGES, v);

// ---------------------------------------------------------------------------------------------
// Vocabularies and size rules
// ---------------------------------------------------------------------------------------------

export const CEFR_LEVELS = ['A1', 'A2', 'B1', 'B2', 'C1', 'C2'] as const;
export const PARTS_OF_SPEECH = [
  'noun',
  'verb',
  'adjective',
  'adverb',
  'pronoun',
  'preposition',
  'conjunction',
  'interjection',
  'numeral',
  'phrase',
  'determiner',
] as const;
export const GENDERS = ['m', 'f', 'n', 'c'] as const;
export const DIFFICULTIES = ['Easy', 'Medium', 'Hard'] as const;
export const POPULARITY_LEVELS = ['Most Popular', 'Very Popular', 'Popular', 'Trending', 'Growing', 'Moderate'] as const;

/** Inclusive bounds; a lesson must fit one short session, a unit one theme. */
export const UNIT_LESSON_COUNT = { min: 4, max: 6 } as const;
export const LESSON_WORD_COUNT = { min: 5, max: 8 } as const;
export const LESSON_SENTENCE_COUNT = { min: 2, max: 4 } as const;

/** Minimum size of a course for it to count as complete. */
export const COURSE_TARGETS = { units: 10, lessons: 50, words: 300, sentences: 120 } as const;

// ---------------------------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------------------------

/**
 * A strict object with one required key per entry of `keys`. Built from the constant lists so
 * that adding a language updates every schema, while keeping precise inferred key types.
 */
function keyedBy<const K extends readonly string[], S extends z.ZodType>(keys: K, value: S) {
  const shape = Object.fromEntries(keys.map((k) => [k, value])) as { [P in K[number]]: S };
  return z.strictObject(shape);
}

const NonEmptyText = z.string().trim().min(1, { error: 'must not be empty' });
const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const ContentIdSchema = z.string().regex(KEBAB, {
  error: 'must be kebab-case: lowercase letters, digits and single hyphens (e.g. good-morning)',
});

export const ContentLanguageSchema = z.enum(CONTENT_LANGUAGES);
export const TargetLanguageSchema = z.enum(TARGET_LANGUAGES);
export const InterfaceLanguageSchema = z.enum(INTERFACE_LANGUAGES);
export const CefrLevelSchema = z.enum(CEFR_LEVELS);
export const PartOfSpeechSchema = z.enum(PARTS_OF_SPEECH);
export const GenderSchema = z.enum(GENDERS);
export const DifficultySchema = z.enum(DIFFICULTIES);
export const PopularitySchema = z.enum(POPULARITY_LEVELS);

/** Text in every content language (unit and lesson titles, lesson descriptions). */
export const LocalisedTextSchema = keyedBy(CONTENT_LANGUAGES, NonEmptyText);
export type LocalisedText = z.infer<typeof LocalisedTextSchema>;

/** Text in every interface language (language names and descriptions on the selection screen). */
export const InterfaceTextSchema = keyedBy(INTERFACE_LANGUAGES, NonEmptyText);
export type InterfaceText = z.infer<typeof InterfaceTextSchema>;

/** `loan: true` marks every target language; a list marks only those. */
export const LoanInputSchema = z.union([z.boolean(), z.array(TargetLanguageSchema)]);

// ---------------------------------------------------------------------------------------------
// Authoring format (YAML as written)
// ---------------------------------------------------------------------------------------------

const AltInput = z.array(NonEmptyText);

export const WordValueObjectInputSchema = z.strictObject({
  text: NonEmptyText,
  roman: NonEmptyText.optional(),
  alt: AltInput.optional(),
  gender: GenderSchema.optional(),
});
/** A word's form in one language: a plain string or `{ text, roman?, alt?, gender? }`. */
export const WordValueInputSchema = z.union([NonEmptyText, WordValueObjectInputSchema]);
export type WordValueInput = z.infer<typeof WordValueInputSchema>;

export const SentenceValueObjectInputSchema = z.strictObject({
  text: NonEmptyText,
  roman: NonEmptyText.optional(),
  alt: AltInput.optional(),
  tokens: z.array(NonEmptyText).min(1, { error: 'must list at least one token' }).optional(),
  /** Romanisation of each token (non-Latin languages), when it can't be derived from `roman`. */
  roman_tokens: z.array(NonEmptyText).min(1, { error: 'must list at least one romanised token' }).optional(),
  blank: z.int().min(0, { error: 'must be 0 or more' }).optional(),
});
/** A sentence in one language: a plain string or `{ text, roman?, alt?, tokens?, roman_tokens?, blank? }`. */
export const SentenceValueInputSchema = z.union([NonEmptyText, SentenceValueObjectInputSchema]);
export type SentenceValueInput = z.infer<typeof SentenceValueInputSchema>;

/** Either kind of language value, as written. */
export type LanguageValueInput = WordValueInput | SentenceValueInput;

export const ContentLessonInputSchema = z.strictObject({
  id: ContentIdSchema,
  title: LocalisedTextSchema,
  description: LocalisedTextSchema,
});
export type ContentLessonInput = z.infer<typeof ContentLessonInputSchema>;

export const ContentWordInputSchema = z.strictObject({
  id: ContentIdSchema,
  lesson: ContentIdSchema,
  pos: PartOfSpeechSchema,
  loan: LoanInputSchema.optional(),
  /**
   * Languages where the form is spelt like another, unrelated common word (ko 이 "tooth" and
   * 이 "this"), so the "no word before its lesson" check ignores it there. `true`: every language.
   */
  homograph: LoanInputSchema.optional(),
  ...keyedBy(CONTENT_LANGUAGES, WordValueInputSchema).shape,
});
export type ContentWordInput = z.infer<typeof ContentWordInputSchema>;

export const ContentSentenceInputSchema = z.strictObject({
  id: ContentIdSchema,
  lesson: ContentIdSchema,
  loan: LoanInputSchema.optional(),
  ...keyedBy(CONTENT_LANGUAGES, SentenceValueInputSchema).shape,
});
export type ContentSentenceInput = z.infer<typeof ContentSentenceInputSchema>;

/**
 * A grammar/usage note about one target language. English is required because it is the
 * fallback for every learner whose native language has no translation of the note.
 */
export const ContentNoteSchema = z.strictObject({
  en: NonEmptyText,
  es: NonEmptyText.optional(),
  fr: NonEmptyText.optional(),
  de: NonEmptyText.optional(),
  it: NonEmptyText.optional(),
  pt: NonEmptyText.optional(),
  nl: NonEmptyText.optional(),
  ru: NonEmptyText.optional(),
  ja: NonEmptyText.optional(),
  zh: NonEmptyText.optional(),
  ko: NonEmptyText.optional(),
  ar: NonEmptyText.optional(),
  hi: NonEmptyText.optional(),
});
export type ContentNote = z.infer<typeof ContentNoteSchema>;

export const ContentNotesSchema = keyedBy(TARGET_LANGUAGES, ContentNoteSchema);
export type ContentNotes = z.infer<typeof ContentNotesSchema>;

/** An emoji: pictographic or a flag, and no letters or digits. */
const EmojiSchema = z
  .string()
  .refine((s) => /\p{Extended_Pictographic}|\p{Regional_Indicator}/u.test(s) && !/[\p{L}\p{N}]/u.test(s), {
    error: 'must be one emoji',
  });

/** One file packages/content/units/NN-<unit-id>.yaml. */
export const ContentUnitFileSchema = z.strictObject({
  id: ContentIdSchema,
  order: z.int().min(1, { error: 'must be 1 or more' }),
  cefr: CefrLevelSchema,
  icon: EmojiSchema,
  title: LocalisedTextSchema,
  lessons: z.array(ContentLessonInputSchema),
  words: z.array(ContentWordInputSchema),
  sentences: z.array(ContentSentenceInputSchema),
  notes: ContentNotesSchema,
});
export type ContentUnitFile = z.infer<typeof ContentUnitFileSchema>;

const FLAG = /^\p{Regional_Indicator}{2}$/u;
const SPEAKERS = /^\d+(?:\.\d+)?[KMB]$/;
const LOCALE = /^[a-z]{2,3}-[A-Z]{2}$/;

/** One language's entry in packages/content/languages.yaml (keyed by its code there). */
export const LanguageFileEntrySchema = z.strictObject({
  name: InterfaceTextSchema,
  nativeName: NonEmptyText,
  flag: z.string().regex(FLAG, { error: 'must be one flag emoji (e.g. "🇪🇸")' }),
  difficulty: DifficultySchema,
  popularity: PopularitySchema,
  speakers: z.string().regex(SPEAKERS, { error: 'must look like "500M" or "1.1B"' }),
  ttsLocale: z.string().regex(LOCALE, { error: 'must be a BCP 47 locale like "es-ES"' }),
  description: InterfaceTextSchema,
});
export type LanguageFileEntry = z.infer<typeof LanguageFileEntrySchema>;

/** packages/content/languages.yaml: one entry per target language, in selection-screen order. */
export const LanguagesFileSchema = keyedBy(TARGET_LANGUAGES, LanguageFileEntrySchema);
export type LanguagesFile = z.infer<typeof LanguagesFileSchema>;

// ---------------------------------------------------------------------------------------------
// Normalised shape (what the loader returns)
// ---------------------------------------------------------------------------------------------

export const LanguageValueSchema = z.object({
  text: z.string(),
  roman: z.string().optional(),
  /** Other accepted answers. */
  alt: z.array(z.string()),
  /** Word-ordering chunks; derived from spaces when not authored. Joins back into `text`. */
  tokens: z.array(z.string()),
  /**
   * Romanisation of each token, same length as `tokens`, without punctuation, lower-case except
   * proper nouns. Sentences of ROMANISED_LANGUAGES only: authored `roman_tokens`, or derived from
   * `roman` word by word. Undefined for words and Latin-script languages.
   */
  tokens_roman: z.array(z.string()).optional(),
  /** Index into `tokens` of the word that fill-in-the-blank masks (sentences only). */
  blank: z.int().optional(),
  gender: GenderSchema.optional(),
});
export type LanguageValue = z.infer<typeof LanguageValueSchema>;

export const LanguageFormsSchema = keyedBy(CONTENT_LANGUAGES, LanguageValueSchema);
export type LanguageForms = z.infer<typeof LanguageFormsSchema>;

export const ContentWordSchema = z.object({
  id: z.string(),
  unitId: z.string(),
  lessonId: z.string(),
  pos: PartOfSpeechSchema,
  /** Target languages where the form is intentionally the same as English. */
  loan: z.array(TargetLanguageSchema),
  forms: LanguageFormsSchema,
});
export type ContentWord = z.infer<typeof ContentWordSchema>;

export const ContentSentenceSchema = z.object({
  id: z.string(),
  unitId: z.string(),
  lessonId: z.string(),
  loan: z.array(TargetLanguageSchema),
  forms: LanguageFormsSchema,
});
export type ContentSentence = z.infer<typeof ContentSentenceSchema>;

export const ContentLessonSchema = z.object({
  id: z.string(),
  unitId: z.string(),
  /** 0-based position within the unit. */
  index: z.int(),
  title: LocalisedTextSchema,
  description: LocalisedTextSchema,
  words: z.array(ContentWordSchema),
  sentences: z.array(ContentSentenceSchema),
});
export type ContentLesson = z.infer<typeof ContentLessonSchema>;

export const ContentUnitSchema = z.object({
  id: z.string(),
  order: z.int(),
  cefr: CefrLevelSchema,
  icon: z.string(),
  title: LocalisedTextSchema,
  lessons: z.array(ContentLessonSchema),
  notes: ContentNotesSchema,
});
export type ContentUnit = z.infer<typeof ContentUnitSchema>;

export const LanguageInfoSchema = z.object({
  code: TargetLanguageSchema,
  name: InterfaceTextSchema,
  nativeName: z.string(),
  flag: z.string(),
  difficulty: DifficultySchema,
  popularity: PopularitySchema,
  speakers: z.string(),
  ttsLocale: z.string(),
  description: InterfaceTextSchema,
});
export type LanguageInfo = z.infer<typeof LanguageInfoSchema>;
