import { describe, expect, it } from 'vitest';
import { accuracyPercent, dailyGoalPercent, EXERCISE_XP, lessonBadge, lessonXp, practiceStars, practiceXp } from './scoring';

describe('scoring', () => {
  it('scores a lesson as rounded accuracy', () => {
    expect(accuracyPercent(5, 7)).toBe(71);
    expect(accuracyPercent(7, 7)).toBe(100);
    expect(accuracyPercent(0, 0)).toBe(0);
    expect(accuracyPercent(9, 7)).toBe(100);
  });

  it('awards max(10, round(score × 0.5)) XP', () => {
    expect(lessonXp(0)).toBe(10);
    expect(lessonXp(19)).toBe(10);
    expect(lessonXp(21)).toBe(11);
    expect(lessonXp(71)).toBe(36);
    expect(lessonXp(100)).toBe(50);
  });

  it.each([
    [100, 'excellent'],
    [80, 'excellent'],
    [79, 'good'],
    [60, 'good'],
    [59, 'needs_practice'],
  ] as const)('gives score %i the badge %s', (score, badge) => {
    expect(lessonBadge(score)).toBe(badge);
  });

  it('awards practice XP and stars', () => {
    expect(practiceXp(0)).toBe(15);
    expect(practiceXp(75)).toBe(23);
    expect(practiceXp(100)).toBe(25);
    expect([100, 80, 79, 60, 59, 40, 39, 0].map(practiceStars)).toEqual([3, 3, 2, 2, 1, 1, 0, 0]);
  });

  it('knows the XP of each exercise type and the daily goal share', () => {
    expect(EXERCISE_XP).toEqual({
      'multiple-choice': 25,
      'fill-blank': 30,
      'drag-drop': 35,
      listening: 40,
      speaking: 40,
    });
    expect(dailyGoalPercent(25, 50)).toBe(50);
    expect(dailyGoalPercent(80, 50)).toBe(100);
  });
});
