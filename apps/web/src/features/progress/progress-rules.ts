/** The spec's four tabs, in order; the selected one is kept in the address (`?tab=`). */
export const PROGRESS_TABS = ['overview', 'skills', 'activity', 'achievements'] as const;
export type ProgressTab = (typeof PROGRESS_TABS)[number];

export function tabOf(value: string | null): ProgressTab {
  return (PROGRESS_TABS as readonly string[]).includes(value ?? '') ? (value as ProgressTab) : 'overview';
}

/**
 * Spec §9: the weekly bars scale to the highest day's XP. A bar's height as a percentage of the
 * chart; a day with some XP never shrinks out of sight.
 */
export function barPercent(xp: number, maxXp: number): number {
  if (maxXp <= 0 || xp <= 0) return 0;
  return Math.max(4, Math.round((xp / maxXp) * 100));
}

/** A local date ("2026-03-29") as a Date that formats as that same day in UTC, whatever the zone. */
export const dayOf = (date: string) => new Date(`${date}T12:00:00Z`);
