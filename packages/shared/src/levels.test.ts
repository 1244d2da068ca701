import { describe, expect, it } from 'vitest';
import { levelFromXp, levelProgressPercent, xpToNextLevel } from './levels';

describe('levels', () => {
  it.each([
    [0, 1, 100, 0],
    [99, 1, 1, 99],
    [100, 2, 100, 0],
    [250, 3, 50, 50],
    [-5, 1, 100, 0],
  ])('%i XP → level %i, %i to next, %i % through', (xp, level, toNext, percent) => {
    expect(levelFromXp(xp)).toBe(level);
    expect(xpToNextLevel(xp)).toBe(toNext);
    expect(levelProgressPercent(xp)).toBe(percent);
  });
});
