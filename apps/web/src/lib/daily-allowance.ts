import { useMe } from './auth/get-me';
import { useI18n } from './i18n/language-context';

/** The day's lesson allowance as the course map and the dashboard both receive it. */
export interface DailyAllowanceView {
  /** null: unlimited (Premium). */
  lessons_left_today: number | null;
  /** The learner's next local midnight, when the allowance resets. */
  resets_at: string;
  /** Lessons started today and not finished: continuing one uses no new session. */
  unfinished_today: readonly string[];
}

/**
 * Whether a lesson can be opened now: `continue` an unfinished session of today, `available` while
 * the plan allows another session, `tomorrow` once the day's free lessons are used, so the screens
 * show when they come back instead of a Start button that leads to the limit page.
 */
export function lessonAvailability(lessonId: string, daily: DailyAllowanceView): 'continue' | 'available' | 'tomorrow' {
  if (daily.unfinished_today.includes(lessonId)) return 'continue';
  if (daily.lessons_left_today !== null && daily.lessons_left_today <= 0) return 'tomorrow';
  return 'available';
}

/** The reset's time of day ("00:00", "12:00 AM") in the interface language and the learner's time zone. */
export function formatResetTime(resetsAt: string | Date, language: string, timeZone?: string): string {
  const instant = new Date(resetsAt);
  const options: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };
  try {
    return new Intl.DateTimeFormat(language, timeZone ? { ...options, timeZone } : options).format(instant);
  } catch {
    // A zone this browser does not know: the device's own.
    return new Intl.DateTimeFormat(language, options).format(instant);
  }
}

/** `formatResetTime` for the signed-in learner: their interface language and their profile's time zone. */
export function useResetTime(resetsAt: string | Date): string {
  const { language } = useI18n();
  const timeZone = useMe().data?.profile.timezone;
  return formatResetTime(resetsAt, language, timeZone);
}
