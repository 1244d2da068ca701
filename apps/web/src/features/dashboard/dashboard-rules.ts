import type { TargetLanguage } from '@parla/shared/content.schema';

/** The flags of the 12 courses (the same as GET /languages), so the header needs no extra call. */
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

/** The course's name in the interface language. */
export function courseName(code: string, interfaceLanguage: string): string {
  try {
    return new Intl.DisplayNames([interfaceLanguage], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/** Spec §2: morning before 12, afternoon before 18, evening after. */
export function greetingKey(hour: number): string {
  if (hour < 12) return 'dashboard.greeting.morning';
  if (hour < 18) return 'dashboard.greeting.afternoon';
  return 'dashboard.greeting.evening';
}

/** Spec §2: "review" once completed, "continue" when started, otherwise "start". */
export function lessonAction(lesson: { completed: boolean; progress: number }): 'review' | 'continue' | 'start' {
  if (lesson.completed) return 'review';
  if (lesson.progress > 0) return 'continue';
  return 'start';
}
