/** Spec §9: every 100 XP is a level; the bar shows the XP inside the current level. */
export const XP_PER_LEVEL = 100;

export function levelFromXp(totalXp: number): number {
  return Math.floor(Math.max(0, totalXp) / XP_PER_LEVEL) + 1;
}

export function xpToNextLevel(totalXp: number): number {
  return XP_PER_LEVEL - (Math.max(0, totalXp) % XP_PER_LEVEL);
}

export function levelProgressPercent(totalXp: number): number {
  return ((Math.max(0, totalXp) % XP_PER_LEVEL) / XP_PER_LEVEL) * 100;
}
