import { ACHIEVEMENTS, type AchievementMetric } from '@parla/shared/achievements';
import { describe, expect, it } from 'vitest';
import { type AchievementState, presentAchievements } from './achievement-rules';

const at = new Date('2026-11-24T10:00:00Z');

const state = (metrics: Partial<Record<AchievementMetric, number>>, earned: Record<string, Date> = {}): AchievementState => ({
  userId: 'u1',
  metrics: { lessons: 0, perfect_lessons: 0, practices: 0, streak: 0, xp: 0, words: 0, friends: 0, ...metrics },
  earned: new Map(Object.entries(earned)),
});

describe('the achievements list', () => {
  it('present every catalogue entry: earned ones at their target with the date, others capped at it', () => {
    const list = presentAchievements(state({ xp: 150, words: 300 }, { 'xp-100': at, 'words-50': at, 'words-250': at }));
    expect(list.map((entry) => entry.id)).toEqual(ACHIEVEMENTS.map((entry) => entry.id));
    const byId = new Map(list.map((entry) => [entry.id, entry]));
    expect(byId.get('xp-100')).toMatchObject({ earned: true, earned_at: at.toISOString(), current: 100, target: 100 });
    expect(byId.get('xp-1000')).toMatchObject({ earned: false, earned_at: null, current: 150, target: 1_000 });
    expect(byId.get('words-250')).toMatchObject({ earned: true, current: 250 });
    expect(byId.get('first-friend')).toMatchObject({ earned: false, current: 0, target: 1 });
  });
});
