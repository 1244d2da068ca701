import { z } from 'zod';

/**
 * What an achievement measures, each a number that only grows:
 * - `lessons`: lessons completed (the profile's count; a replayed lesson counts again);
 * - `perfect_lessons`: lessons finished with 100 % (a replay counts again, like `lessons`);
 * - `practices`: quick practice sessions finished (not reviews);
 * - `streak`: the longest streak of days ever kept;
 * - `xp`: total XP;
 * - `words`: words learned: the words of the lessons completed, in any course (each has a card in
 *   the review deck once its lesson is taken);
 * - `friends`: the learners one follows; the follow that makes the first earns first-friend in its own
 *   statement (modules/social).
 */
export const ACHIEVEMENT_METRICS = ['lessons', 'perfect_lessons', 'practices', 'streak', 'xp', 'words', 'friends'] as const;
export type AchievementMetric = (typeof ACHIEVEMENT_METRICS)[number];

/**
 * The catalogue, the one list of achievements (the server stores who earned which, once; the web
 * app names them in the interface language: `achievement.<id>.name` / `.description`). Earned when
 * `metric` reaches `target`. Ids are stored: never rename one.
 */
export const ACHIEVEMENTS = [
  { id: 'first-lesson', icon: '🎯', metric: 'lessons', target: 1 },
  { id: 'five-lessons', icon: '📚', metric: 'lessons', target: 5 },
  { id: 'perfect-lesson', icon: '💯', metric: 'perfect_lessons', target: 1 },
  { id: 'first-practice', icon: '⚡', metric: 'practices', target: 1 },
  { id: 'streak-3', icon: '🔥', metric: 'streak', target: 3 },
  { id: 'streak-7', icon: '🏆', metric: 'streak', target: 7 },
  { id: 'streak-30', icon: '📅', metric: 'streak', target: 30 },
  { id: 'streak-100', icon: '👑', metric: 'streak', target: 100 },
  { id: 'xp-100', icon: '⭐', metric: 'xp', target: 100 },
  { id: 'xp-1000', icon: '🌟', metric: 'xp', target: 1000 },
  { id: 'xp-10000', icon: '💫', metric: 'xp', target: 10000 },
  { id: 'words-50', icon: '📖', metric: 'words', target: 50 },
  { id: 'words-250', icon: '🧠', metric: 'words', target: 250 },
  { id: 'first-friend', icon: '🤝', metric: 'friends', target: 1 },
] as const satisfies readonly { id: string; icon: string; metric: AchievementMetric; target: number }[];

export type Achievement = (typeof ACHIEVEMENTS)[number];
export type AchievementId = Achievement['id'];
export const ACHIEVEMENT_IDS = ACHIEVEMENTS.map((achievement) => achievement.id) as [AchievementId, ...AchievementId[]];

export const achievementById: ReadonlyMap<string, Achievement> = new Map(
  ACHIEVEMENTS.map((achievement) => [achievement.id, achievement]),
);

/** One catalogue entry for a learner: earned or not, and how far along (current never exceeds target). */
export const AchievementProgressSchema = z
  .object({
    id: z.enum(ACHIEVEMENT_IDS),
    icon: z.string(),
    metric: z.enum(ACHIEVEMENT_METRICS),
    earned: z.boolean(),
    earned_at: z.iso.datetime().nullable(),
    current: z.number().int().nonnegative(),
    target: z.number().int().positive(),
  })
  .meta({ id: 'AchievementProgress' });
export type AchievementProgress = z.infer<typeof AchievementProgressSchema>;

export const AchievementsResponseSchema = z
  .object({
    /** Every catalogue entry, in catalogue order. */
    achievements: z.array(AchievementProgressSchema),
    earned_count: z.number().int().nonnegative(),
  })
  .meta({ id: 'Achievements' });
export type AchievementsResponse = z.infer<typeof AchievementsResponseSchema>;
