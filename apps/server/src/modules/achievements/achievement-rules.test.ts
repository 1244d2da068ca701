import { ACHIEVEMENTS, type AchievementMetric } from '@parla/shared/achievements';
import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../lib/domain-events';
import { type AchievementState, newlyReached, presentAchievements, RULE_EVENTS, touchedByEvents } from './achievement-rules';

const at = new Date('2026-11-24T10:00:00Z');
const later = new Date('2026-11-24T10:00:05Z');

const state = (
  metrics: Partial<Record<AchievementMetric, number | null>>,
  earned: Record<string, Date> = {},
): AchievementState => ({
  userId: 'u1',
  metrics: { lessons: 0, perfect_lessons: 0, practices: 0, streak: 0, xp: 0, words: 0, friends: 0, ...metrics },
  earned: new Map(Object.entries(earned)),
});

describe('achievement rules', () => {
  it('listen to the progress events, and to nothing for friends yet', () => {
    expect([...RULE_EVENTS].sort()).toEqual(['lesson.completed', 'practice.completed', 'streak.extended', 'xp.awarded']);
  });

  it('say which metrics a transaction’s events may have moved, per learner, dated at the latest', () => {
    const events: DomainEvent[] = [
      { name: 'lesson.completed', payload: { userId: 'u1', sessionId: 's1', lessonId: 'l', course: 'es', score: 40, at } },
      {
        name: 'xp.awarded',
        payload: { userId: 'u1', sourceKind: 'lesson', sourceId: 's1', xp: 20, totalXp: 20, localDate: '2026-11-24', at: later },
      },
      { name: 'practice.completed', payload: { userId: 'u2', sessionId: 's2', kind: 'review', accuracy: 50, at } },
      { name: 'level.reached', payload: { userId: 'u3', level: 2, at } },
    ];
    const touched = touchedByEvents(events);
    expect([...touched.keys()]).toEqual(['u1', 'u2']);
    expect([...(touched.get('u1')?.metrics ?? [])].sort()).toEqual(['lessons', 'perfect_lessons', 'words', 'xp']);
    expect(touched.get('u1')?.at).toEqual(later);
    expect([...(touched.get('u2')?.metrics ?? [])]).toEqual(['practices']);
  });

  it('award what the touched metrics reached and was not earned before, never a metric not touched', () => {
    const learner = state({ lessons: 5, xp: 1_000, streak: 3 }, { 'first-lesson': at });
    expect(newlyReached(learner, new Set(['lessons']))).toEqual(['five-lessons']);
    expect(newlyReached(learner, new Set(['lessons', 'xp']))).toEqual(['five-lessons', 'xp-100', 'xp-1000']);
    expect(newlyReached(learner, new Set(['friends']))).toEqual([]);
    // A metric not measured (null: all of it earned) reaches nothing.
    expect(newlyReached(state({ words: null }), new Set(['words']))).toEqual([]);
  });

  it('present every catalogue entry: earned ones at their target with the date, others capped at it', () => {
    const list = presentAchievements(state({ xp: 150, words: null }, { 'xp-100': at, 'words-50': at, 'words-250': at }));
    expect(list.map((entry) => entry.id)).toEqual(ACHIEVEMENTS.map((entry) => entry.id));
    const byId = new Map(list.map((entry) => [entry.id, entry]));
    expect(byId.get('xp-100')).toMatchObject({ earned: true, earned_at: at.toISOString(), current: 100, target: 100 });
    expect(byId.get('xp-1000')).toMatchObject({ earned: false, earned_at: null, current: 150, target: 1_000 });
    expect(byId.get('words-250')).toMatchObject({ earned: true, current: 250 });
    expect(byId.get('first-friend')).toMatchObject({ earned: false, current: 0, target: 1 });
  });
});
