import { describe, expect, it } from 'vitest';
import {
  addDays,
  currentStreak,
  daysBetween,
  type LocalDate,
  localDate,
  missedDaysBetween,
  type StreakState,
  startOfNextLocalDay,
  streakAfterActivity,
  streakStatus,
} from './streak';

describe('local days', () => {
  it('uses the learner’s time zone, not UTC', () => {
    const instant = new Date('2026-11-21T23:30:00Z');
    expect(localDate(instant, 'UTC')).toBe('2026-11-21');
    expect(localDate(instant, 'Europe/Madrid')).toBe('2026-11-22');
    expect(localDate(instant, 'America/Los_Angeles')).toBe('2026-11-21');
    expect(localDate(instant, 'Asia/Tokyo')).toBe('2026-11-22');
  });

  it('counts a zone the runtime does not know as UTC instead of failing', () => {
    const instant = new Date('2026-11-21T23:30:00Z');
    expect(localDate(instant, 'Mars/Olympus_Mons')).toBe('2026-11-21');
    expect(startOfNextLocalDay(instant, 'Factory').toISOString()).toBe('2026-11-22T00:00:00.000Z');
  });

  it('counts calendar days across a DST change', () => {
    // Europe/Madrid springs forward on 2026-03-29: that local day has 23 hours.
    expect(daysBetween('2026-03-28', '2026-03-29')).toBe(1);
    expect(daysBetween('2026-03-29', '2026-03-30')).toBe(1);
    expect(daysBetween('2026-12-31', '2027-01-01')).toBe(1);
  });

  it('finds the start of the next local day, DST included', () => {
    expect(startOfNextLocalDay(new Date('2026-11-21T10:00:00Z'), 'Europe/Madrid').toISOString()).toBe('2026-11-21T23:00:00.000Z');
    expect(startOfNextLocalDay(new Date('2026-03-28T12:00:00Z'), 'Europe/Madrid').toISOString()).toBe('2026-03-28T23:00:00.000Z');
    expect(startOfNextLocalDay(new Date('2026-03-29T12:00:00Z'), 'Europe/Madrid').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    expect(startOfNextLocalDay(new Date('2026-11-21T10:00:00Z'), 'Asia/Kolkata').toISOString()).toBe('2026-11-21T18:30:00.000Z');
  });

  it('gives every instant of a local day the same next day, whatever a caller does with the answer', () => {
    const first = startOfNextLocalDay(new Date('2026-03-29T00:30:00Z'), 'Europe/Madrid');
    first.setTime(0);
    expect(startOfNextLocalDay(new Date('2026-03-29T21:59:59Z'), 'Europe/Madrid').toISOString()).toBe('2026-03-29T22:00:00.000Z');
    // The next local day has its own answer.
    expect(startOfNextLocalDay(new Date('2026-03-29T22:00:00Z'), 'Europe/Madrid').toISOString()).toBe('2026-03-30T22:00:00.000Z');
  });
});

describe('streaks', () => {
  it('starts at 1, grows by one a day, and ignores more activity on the same day', () => {
    let state = streakAfterActivity({ current: 0, lastActiveDate: null }, '2026-11-20');
    expect(state).toEqual({ current: 1, lastActiveDate: '2026-11-20', freezes: 0 });
    state = streakAfterActivity(state, '2026-11-20');
    expect(state.current).toBe(1);
    state = streakAfterActivity(state, '2026-11-21');
    expect(state).toEqual({ current: 2, lastActiveDate: '2026-11-21', freezes: 0 });
  });

  it('restarts at 1 after a missed day', () => {
    expect(streakAfterActivity({ current: 9, lastActiveDate: '2026-11-18' }, '2026-11-20')).toEqual({
      current: 1,
      lastActiveDate: '2026-11-20',
      freezes: 0,
    });
  });

  it('survives the night across DST and shows 0 once a day is missed', () => {
    const state = streakAfterActivity({ current: 4, lastActiveDate: '2026-03-28' }, '2026-03-29');
    expect(state.current).toBe(5);
    expect(currentStreak(state, '2026-03-29')).toBe(5);
    expect(currentStreak(state, '2026-03-30')).toBe(5);
    expect(currentStreak(state, '2026-03-31')).toBe(0);
    expect(currentStreak({ current: 0, lastActiveDate: null }, '2026-03-31')).toBe(0);
  });
});

describe('humane streaks: freezes and vacations', () => {
  /** Practises every day from `from` for `days` days, starting from `state`. */
  const practiseDaily = (state: StreakState, from: LocalDate, days: number) =>
    Array.from({ length: days }, (_, index) => addDays(from, index)).reduce<StreakState>(
      (streak, day) => streakAfterActivity(streak, day),
      state,
    );
  const fresh: StreakState = { current: 0, lastActiveDate: null };

  it('earns a freeze each time the streak reaches a multiple of 7 days, holding at most 2', () => {
    expect(practiseDaily(fresh, '2026-11-01', 6)).toMatchObject({ current: 6, freezes: 0 });
    expect(practiseDaily(fresh, '2026-11-01', 7)).toMatchObject({ current: 7, freezes: 1 });
    expect(practiseDaily(fresh, '2026-11-01', 14)).toMatchObject({ current: 14, freezes: 2 });
    expect(practiseDaily(fresh, '2026-11-01', 28)).toMatchObject({ current: 28, freezes: 2 });
    // More activity on the same day earns nothing more.
    const seventh = practiseDaily(fresh, '2026-11-01', 7);
    expect(streakAfterActivity(seventh, '2026-11-07')).toEqual(seventh);
  });

  it('uses a freeze on each missed day, automatically, and keeps the streak going', () => {
    const held = { current: 10, lastActiveDate: '2026-11-18', freezes: 2 } as const;
    // Missed the 19th: one freeze covers it, the 20th continues the streak.
    expect(streakAfterActivity(held, '2026-11-20')).toEqual({ current: 11, lastActiveDate: '2026-11-20', freezes: 1 });
    // Missed the 19th and 20th: both freezes.
    expect(streakAfterActivity(held, '2026-11-21')).toEqual({ current: 11, lastActiveDate: '2026-11-21', freezes: 0 });
    // Three missed days with two freezes: the streak restarts; the freezes are kept, not wasted.
    expect(streakAfterActivity(held, '2026-11-22')).toEqual({ current: 1, lastActiveDate: '2026-11-22', freezes: 2 });
    // A freeze used on the day the streak reaches 14 is replaced by the one earned there.
    expect(streakAfterActivity({ current: 13, lastActiveDate: '2026-11-18', freezes: 1 }, '2026-11-20')).toEqual({
      current: 14,
      lastActiveDate: '2026-11-20',
      freezes: 1,
    });
  });

  it('shows the streak alive while freezes cover the missed days, with the freezes left', () => {
    const held = { current: 10, lastActiveDate: '2026-11-18', freezes: 1 } as const;
    expect(streakStatus(held, '2026-11-19')).toEqual({ current: 10, freezes: 1, frozenDays: 0, onVacation: false });
    expect(streakStatus(held, '2026-11-20')).toEqual({ current: 10, freezes: 0, frozenDays: 1, onVacation: false });
    expect(streakStatus(held, '2026-11-21')).toEqual({ current: 0, freezes: 1, frozenDays: 0, onVacation: false });
  });

  it('pauses the streak on vacation days: they are never missed, and need no freeze', () => {
    const vacation = { start: '2026-11-19', until: '2026-11-30' } as const;
    const before = { current: 5, lastActiveDate: '2026-11-18', freezes: 0 } as const;
    expect(missedDaysBetween('2026-11-18', '2026-12-01', vacation)).toBe(0);
    expect(streakStatus(before, '2026-11-25', vacation)).toEqual({ current: 5, freezes: 0, frozenDays: 0, onVacation: true });
    expect(streakStatus(before, '2026-12-01', vacation).current).toBe(5);
    // Back the day after: the streak goes on from where it paused.
    expect(streakAfterActivity(before, '2026-12-01', vacation)).toMatchObject({ current: 6, freezes: 0 });
    // Practising during the vacation counts as usual.
    expect(streakAfterActivity(before, '2026-11-22', vacation)).toMatchObject({ current: 6 });
    // A day missed after it ends is missed.
    expect(streakStatus(before, '2026-12-02', vacation).current).toBe(0);
    // The days before it still count as missed.
    expect(missedDaysBetween('2026-11-10', '2026-11-25', vacation)).toBe(8);
  });

  it('counts local calendar days across DST changes, as 23- and 25-hour days', () => {
    // Europe/Berlin: summer time begins 2026-03-29 (23 h) and ends 2026-10-25 (25 h).
    const spring = { current: 6, lastActiveDate: localDate(new Date('2026-03-27T22:30:00Z'), 'Europe/Berlin'), freezes: 1 };
    expect(spring.lastActiveDate).toBe('2026-03-27');
    // The 28th missed; back on the 29th at 23:30 local (21:30 UTC, summer time).
    const back = localDate(new Date('2026-03-29T21:30:00Z'), 'Europe/Berlin');
    expect(back).toBe('2026-03-29');
    expect(streakAfterActivity(spring, back)).toEqual({ current: 7, lastActiveDate: '2026-03-29', freezes: 1 });
    // America/New_York falls back on 2026-11-01 (a 25-hour day): 00:30 on the 2nd is still the next day.
    const autumn = { current: 3, lastActiveDate: '2026-10-31' as LocalDate, freezes: 0 };
    const nextDay = localDate(new Date('2026-11-02T05:30:00Z'), 'America/New_York');
    expect(nextDay).toBe('2026-11-02');
    expect(streakStatus(autumn, nextDay).current).toBe(0);
    expect(streakStatus({ ...autumn, freezes: 1 }, nextDay)).toMatchObject({ current: 3, freezes: 0, frozenDays: 1 });
    expect(currentStreak(autumn, localDate(new Date('2026-11-02T04:30:00Z'), 'America/New_York'))).toBe(3);
  });
});
