/**
 * Spec §9 "Generated lesson": points per exercise type (drag-drop is word ordering). Listening
 * (word ordering by ear) and speaking are ours: harder than reading, so a little more.
 */
export const EXERCISE_XP = {
  'multiple-choice': 25,
  'fill-blank': 30,
  'drag-drop': 35,
  listening: 40,
  speaking: 40,
} as const;
export type ExerciseType = keyof typeof EXERCISE_XP;

export type LessonBadge = 'excellent' | 'good' | 'needs_practice';

/**
 * Accuracy as a whole percentage (0 when there was nothing to answer). A skipped listening or
 * speaking item is left out of `total`: it counts neither for nor against the learner.
 */
export function accuracyPercent(correct: number, total: number): number {
  if (total <= 0) return 0;
  return Math.round((Math.min(correct, total) / total) * 100);
}

/** Spec §9 "Lesson completion": XP = max(10, round(score × 0.5)). */
export function lessonXp(score: number): number {
  return Math.max(10, Math.round(score * 0.5));
}

export function lessonBadge(score: number): LessonBadge {
  if (score >= 80) return 'excellent';
  if (score >= 60) return 'good';
  return 'needs_practice';
}

/** Spec §9 "Quick practice": 15 + round(accuracy % / 10). */
export function practiceXp(accuracy: number): number {
  return 15 + Math.round(accuracy / 10);
}

export function practiceStars(accuracy: number): 0 | 1 | 2 | 3 {
  if (accuracy >= 80) return 3;
  if (accuracy >= 60) return 2;
  if (accuracy >= 40) return 1;
  return 0;
}

/** Today's XP against the learner's goal, capped at 100 %. */
export function dailyGoalPercent(xpToday: number, goalXp: number): number {
  if (goalXp <= 0) return 100;
  return Math.min(100, Math.round((Math.max(0, xpToday) / goalXp) * 100));
}
