/**
 * The query keys of the signed-in learner's data, so features agree on them without importing each
 * other. Everything under `all` belongs to one learner and leaves the cache when the session ends.
 * Everything under `progress` moves with XP, the streak, finished lessons or the course: a lesson or
 * practice completion and a course change invalidate it as a whole, so a feature puts its queries of
 * such data under it (the dashboard does) and every screen showing them refetches.
 */
export const learnerKeys = {
  all: ['learner'] as const,
  me: ['learner', 'me'] as const,
  progress: ['learner', 'progress'] as const,
  /**
   * Friends, suggestions, boards and learner cards: who one follows and blocks changes them, from the
   * friends screen or from settings (a block lifted); under `progress`, as the boards move with XP.
   */
  social: ['learner', 'progress', 'social'] as const,
  /** GET /users/me/preferences (the settings screen; the theme follower keeps it fresh). */
  preferences: ['learner', 'preferences'] as const,
};
