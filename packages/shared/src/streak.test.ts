import { describe, expect, it } from 'vitest';
import { currentStreak, daysBetween, localDate, startOfNextLocalDay, streakAfterActivity } from './streak';

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
    expect(state).toEqual({ current: 1, lastActiveDate: '2026-11-20' });
    state = streakAfterActivity(state, '2026-11-20');
    expect(state.current).toBe(1);
    state = streakAfterActivity(state, '2026-11-21');
    expect(state).toEqual({ current: 2, lastActiveDate: '2026-11-21' });
  });

  it('restarts at 1 after a missed day', () => {
    expect(streakAfterActivity({ current: 9, lastActiveDate: '2026-11-18' }, '2026-11-20')).toEqual({
      current: 1,
      lastActiveDate: '2026-11-20',
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
