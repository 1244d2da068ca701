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
