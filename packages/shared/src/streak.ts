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
  /** Streak freezes held (0 to MAX_STREAK_FREEZES); absent counts as none. */
  freezes?: number;
}

/** Local days on which the streak is paused (both included); see the learner's preferences. */
export interface StreakPause {
  start: LocalDate;
  until: LocalDate;
}

/** A stored vacation (both days or neither) as a pause. */
export function streakPause(start: string | null, until: string | null): StreakPause | null {
  return start && until ? { start: start as LocalDate, until: until as LocalDate } : null;
}

/** A freeze is earned each time the streak reaches a multiple of this many days… */
export const STREAK_FREEZE_EVERY_DAYS = 7;
/** …and a learner holds at most this many. They are never sold. */
export const MAX_STREAK_FREEZES = 2;

/** The local day `days` after `date`. */
export function addDays(date: LocalDate, days: number): LocalDate {
  return new Date((dayNumber(date) + days) * 86_400_000).toISOString().slice(0, 10) as LocalDate;
}

/**
 * The days strictly between `from` and `to` that count as missed: every one of them except the
 * days of the vacation. (Counted, not walked: a gap of years costs the same as one of a day.)
 */
export function missedDaysBetween(from: LocalDate, to: LocalDate, vacation?: StreakPause | null): number {
  const first = dayNumber(from) + 1;
  const last = dayNumber(to) - 1;
  if (last < first) return 0;
  let missed = last - first + 1;
  if (vacation) {
    const overlap = Math.min(last, dayNumber(vacation.until)) - Math.max(first, dayNumber(vacation.start)) + 1;
    if (overlap > 0) missed -= overlap;
  }
  return missed;
}

/**
 * The streak after an activity on `today` (humane streaks, issue 15): the same day keeps it; the
 * next day adds one. Days missed in between are covered by the vacation's days, then by a freeze
 * each, used automatically; when they cannot all be covered, the streak restarts at 1 (the freezes
 * left are kept). Each time the streak reaches a multiple of 7 days a freeze is earned, up to 2.
 */
export function streakAfterActivity(state: StreakState, today: LocalDate, vacation?: StreakPause | null): Required<StreakState> {
  const freezes = state.freezes ?? 0;
  if (state.lastActiveDate === null) return { current: 1, lastActiveDate: today, freezes };
  if (daysBetween(state.lastActiveDate, today) <= 0)
    return { current: Math.max(1, state.current), lastActiveDate: state.lastActiveDate, freezes };
  const missed = missedDaysBetween(state.lastActiveDate, today, vacation);
  if (missed > freezes) return { current: 1, lastActiveDate: today, freezes };
  const current = state.current + 1;
  const earned = current % STREAK_FREEZE_EVERY_DAYS === 0 ? 1 : 0;
  return { current, lastActiveDate: today, freezes: Math.min(MAX_STREAK_FREEZES, freezes - missed + earned) };
}

/** The streak as a learner sees it on `today`, before any activity of that day. */
export interface StreakStatus {
  /** The streak still alive (0 once a missed day could not be covered). */
  current: number;
  /** The freezes still held once those the missed days need are used. */
  freezes: number;
  /** Missed days a freeze is covering (the freezes used since the last activity). */
  frozenDays: number;
  /** Whether today is a vacation day. */
  onVacation: boolean;
}

/**
 * The streak as shown on `today`: alive while every day missed since the last activity (today
 * aside, it is not over) falls in the vacation or can take a freeze.
 */
export function streakStatus(state: StreakState, today: LocalDate, vacation?: StreakPause | null): StreakStatus {
  const freezes = state.freezes ?? 0;
  const onVacation = vacation ? daysBetween(vacation.start, today) >= 0 && daysBetween(today, vacation.until) >= 0 : false;
  if (state.lastActiveDate === null) return { current: 0, freezes, frozenDays: 0, onVacation };
  const missed = missedDaysBetween(state.lastActiveDate, today, vacation);
  if (missed > freezes) return { current: 0, freezes, frozenDays: 0, onVacation };
  return { current: state.current, freezes: freezes - missed, frozenDays: missed, onVacation };
}

/** The streak as shown on `today` (see streakStatus). */
export function currentStreak(state: StreakState, today: LocalDate, vacation?: StreakPause | null): number {
  return streakStatus(state, today, vacation).current;
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
