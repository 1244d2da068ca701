import type { LeagueLeaderboard } from '@parla/shared/leagues.schema';

/** Spec §4 "Friends tabs", in order; the selected one is kept in the address (`?tab=`). */
export const FRIENDS_TABS = ['friends', 'leaderboard', 'suggestions'] as const;
export type FriendsTab = (typeof FRIENDS_TABS)[number];

export function friendsTabOf(value: string | null): FriendsTab {
  return (FRIENDS_TABS as readonly string[]).includes(value ?? '') ? (value as FriendsTab) : 'friends';
}

/** The leaderboard's two boards: me and the people I follow, or this week's league cohort. */
export const BOARDS = ['friends', 'league'] as const;
export type Board = (typeof BOARDS)[number];

export function boardOf(value: string | null): Board {
  return value === 'league' ? 'league' : 'friends';
}

export type LeagueZone = 'promotion' | 'demotion' | 'safe';

/** Where a rank of the cohort stands at the week's end: up a tier, down a tier, or staying. */
export function zoneOf(rank: number, league: Pick<LeagueLeaderboard, 'promotion_until' | 'demotion_from'>): LeagueZone {
  if (rank <= league.promotion_until) return 'promotion';
  if (league.demotion_from !== null && rank >= league.demotion_from) return 'demotion';
  return 'safe';
}

/** Up to two initials of a name, for its avatar ("Ana García" → "AG"). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/u).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters
    .map((word) => Array.from(word ?? '')[0] ?? '')
    .join('')
    .toLocaleUpperCase();
}

const AVATAR_TONES = [
  'bg-indigo-600',
  'bg-violet-600',
  'bg-sky-700',
  'bg-teal-700',
  'bg-emerald-700',
  'bg-amber-700',
  'bg-rose-600',
  'bg-fuchsia-700',
] as const;

/** The same colour for a learner wherever they appear (white initials stay above 4.5:1 on each). */
export function avatarToneOf(userId: string): string {
  let hash = 0;
  for (const char of userId) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return AVATAR_TONES[hash % AVATAR_TONES.length] as string;
}
