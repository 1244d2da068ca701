import type { TargetLanguage } from '@parla/shared/content.schema';

/** The flags of the 12 courses (the same as GET /languages), so a screen's badge needs no extra call. */
export const COURSE_FLAGS: Record<TargetLanguage, string> = {
  es: '🇪🇸',
  fr: '🇫🇷',
  de: '🇩🇪',
  it: '🇮🇹',
  pt: '🇧🇷',
  ja: '🇯🇵',
  zh: '🇨🇳',
  ko: '🇰🇷',
  ru: '🇷🇺',
  ar: '🇸🇦',
  hi: '🇮🇳',
  nl: '🇳🇱',
};

/** A course's name in the interface language (the code itself where the runtime has no name for it). */
export function courseName(code: string, interfaceLanguage: string): string {
  try {
    return new Intl.DisplayNames([interfaceLanguage], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}
