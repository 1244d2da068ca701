/** The courses offered (English is a source language only). Pure data, like the list below. */
export const TARGET_LANGUAGES = ['es', 'fr', 'de', 'it', 'pt', 'ja', 'zh', 'ko', 'ru', 'ar', 'hi', 'nl'] as const;
export type TargetLanguage = (typeof TARGET_LANGUAGES)[number];

/**
 * The 16 interface languages (spec §3): the languages the app's own texts are translated into.
 * Pure data so the server can validate a stored preference with the same list.
 */
export interface InterfaceLanguage {
  readonly code: string;
  readonly englishName: string;
  readonly nativeName: string;
  readonly flag: string;
  readonly rtl: boolean;
}

export const INTERFACE_LANGUAGES = [
  { code: 'en', englishName: 'English', nativeName: 'English', flag: '🇺🇸', rtl: false },
  { code: 'es', englishName: 'Spanish', nativeName: 'Español', flag: '🇪🇸', rtl: false },
  { code: 'fr', englishName: 'French', nativeName: 'Français', flag: '🇫🇷', rtl: false },
  { code: 'de', englishName: 'German', nativeName: 'Deutsch', flag: '🇩🇪', rtl: false },
  { code: 'pt', englishName: 'Portuguese', nativeName: 'Português', flag: '🇧🇷', rtl: false },
  { code: 'ja', englishName: 'Japanese', nativeName: '日本語', flag: '🇯🇵', rtl: false },
  { code: 'ko', englishName: 'Korean', nativeName: '한국어', flag: '🇰🇷', rtl: false },
  { code: 'zh', englishName: 'Chinese', nativeName: '中文', flag: '🇨🇳', rtl: false },
  { code: 'ar', englishName: 'Arabic', nativeName: 'العربية', flag: '🇸🇦', rtl: true },
  { code: 'he', englishName: 'Hebrew', nativeName: 'עברית', flag: '🇮🇱', rtl: true },
  { code: 'hi', englishName: 'Hindi', nativeName: 'हिन्दी', flag: '🇮🇳', rtl: false },
  { code: 'it', englishName: 'Italian', nativeName: 'Italiano', flag: '🇮🇹', rtl: false },
  { code: 'el', englishName: 'Greek', nativeName: 'Ελληνικά', flag: '🇬🇷', rtl: false },
  { code: 'pl', englishName: 'Polish', nativeName: 'Polski', flag: '🇵🇱', rtl: false },
  { code: 'ru', englishName: 'Russian', nativeName: 'Русский', flag: '🇷🇺', rtl: false },
  { code: 'uk', englishName: 'Ukrainian', nativeName: 'Українська', flag: '🇺🇦', rtl: false },
] as const satisfies readonly InterfaceLanguage[];

export type InterfaceLanguageCode = (typeof INTERFACE_LANGUAGES)[number]['code'];

/** The codes alone, as a non-empty tuple (what z.enum takes). */
export const INTERFACE_LANGUAGE_CODES = INTERFACE_LANGUAGES.map((language) => language.code) as [
  InterfaceLanguageCode,
  ...InterfaceLanguageCode[],
];

export const DEFAULT_INTERFACE_LANGUAGE: InterfaceLanguageCode = 'en';

const BY_CODE: ReadonlyMap<string, InterfaceLanguage> = new Map(INTERFACE_LANGUAGES.map((language) => [language.code, language]));

export function isInterfaceLanguageCode(value: unknown): value is InterfaceLanguageCode {
  return typeof value === 'string' && BY_CODE.has(value);
}

/** The catalogue entry of a supported code; anything else is an error the caller must not ignore. */
export function getInterfaceLanguage(code: string): InterfaceLanguage {
  const language = BY_CODE.get(code);
  if (!language) throw new Error('Unsupported language');
  return language;
}

/**
 * Maps a browser language tag ("pt-BR", "zh-Hant-TW", "iw") to a supported interface code, or
 * undefined. Only the primary subtag matters: there is one file per language, not per region.
 */
export function matchInterfaceLanguage(tag: string | null | undefined): InterfaceLanguageCode | undefined {
  if (!tag) return undefined;
  const primary = tag.trim().toLowerCase().split(/[-_]/)[0] ?? '';
  // "iw" is the pre-1989 code for Hebrew that some systems still report.
  const normalised = primary === 'iw' ? 'he' : primary;
  return isInterfaceLanguageCode(normalised) ? normalised : undefined;
}
