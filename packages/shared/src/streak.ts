/**
 * Days are the learner's local calendar days (their IANA time zone), compared as dates, never
 * as 24-hour spans — so DST changes and travel do not break a streak.
 */
export type LocalDate = `${number}-${number}-${number}`;

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The calendar date at `instant` in `timeZone`. A zone this runtime does not know (one stored
 * before profiles were checked, or one its tzdata has since dropped) counts as UTC: a stored
 * value must never make a read fail.
 */
export function localDate(instant: Date, timeZone: string): LocalDate {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    // en-CA formats as YYYY-MM-DD.
    const options = { year: 'numeric', month: '2-digit', day: '2-digit' } as const;
    try {
      formatter = new Intl.DateTimeFormat('en-CA', { ...options, timeZone });
    } catch {
      formatter = new Intl.DateTimeFormat('en-CA', { ...options, timeZone: 'UTC' });
    }
    formatters.set(timeZone, formatter);
  }
  return formatter.format(instant) as LocalDate;
}

function dayNumber(date: LocalDate): number {
  const [year, month, day] = date.split('-').map(Number);
  return Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1) / 86_400_000;
}

export function daysBetween(from: LocalDate, to: LocalDate): number {
  return dayNumber(to) - dayNumber(from);
}

export interface StreakState {
  current: number;
  /** The last local day with a completed lesson or practice; null before the first. */
  lastActiveDate: LocalDate | null;
}

/** The streak after an activity on `today`: same day keeps it, the next day adds one, a gap restarts at 1. */
export function streakAfterActivity(state: StreakState, today: LocalDate): StreakState {
  if (state.lastActiveDate === null) return { current: 1, lastActiveDate: today };
  const gap = daysBetween(state.lastActiveDate, today);
  if (gap <= 0) return { current: Math.max(1, state.current), lastActiveDate: state.lastActiveDate };
  return { current: gap === 1 ? state.current + 1 : 1, lastActiveDate: today };
}

/** The streak as shown on `today`: it is still alive if the last activity was today or yesterday. */
export function currentStreak(state: StreakState, today: LocalDate): number {
  if (state.lastActiveDate === null) return 0;
  return daysBetween(state.lastActiveDate, today) <= 1 ? state.current : 0;
}

/** (time zone, local date) → when the next local day begins: the same for everyone on that day. */
const nextDayStarts = new Map<string, number>();

/**
 * The instant the learner's next local day begins (when a daily limit resets). Remembered per zone
 * and date: finding it takes some thirty formatter calls (~70 µs), and every dashboard, course map
 * and refused lesson start asks.
 */
export function startOfNextLocalDay(instant: Date, timeZone: string): Date {
  const today = localDate(instant, timeZone);
  const key = `${timeZone} ${today}`;
  const known = nextDayStarts.get(key);
  if (known !== undefined) return new Date(known);
  // Bisect for the first millisecond whose local date is no longer today (a day is at most
  // 25 hours long, even across a DST change).
  let low = instant.getTime();
  let high = low + 36 * 3_600_000;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (localDate(new Date(middle), timeZone) === today) low = middle;
    else high = middle;
  }
  if (nextDayStarts.size >= 1_024) nextDayStarts.clear();
  nextDayStarts.set(key, high);
  return new Date(high);
}
