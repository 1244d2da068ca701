import { z } from 'zod';

// Leaderboards (issue 16, spec §2 "Friends", §4 "Friends tabs"): the friends board (me and the
// people I follow by total XP) and weekly leagues (cohorts of at most 30 learners of a tier, ranked
// by this week's XP; the top 7 go up a tier at the week's end, the bottom 5 down).

export const LEAGUE_TIERS = 10;
export const LEAGUE_COHORT_SIZE = 30;
export const LEAGUE_PROMOTED = 7;
export const LEAGUE_DEMOTED = 5;

export const LEADERBOARD_SCOPES = ['friends', 'league'] as const;
export type LeaderboardScope = (typeof LEADERBOARD_SCOPES)[number];

/** `GET /users/leaderboard`. */
export const LeaderboardQuerySchema = z.object({
  scope: z.enum(LEADERBOARD_SCOPES, { error: 'Must be friends or league.' }),
});
export type LeaderboardQuery = z.infer<typeof LeaderboardQuerySchema>;

export const LeaderboardRowSchema = z.object({
  user_id: z.uuid(),
  name: z.string(),
  level: z.number().int(),
  total_xp: z.number().int(),
  week_xp: z.number().int(),
  /** 1 for the first; in a league, the place among every member of the cohort. */
  rank: z.number().int().min(1),
  is_me: z.boolean(),
});
export type LeaderboardRow = z.infer<typeof LeaderboardRowSchema>;

export const FriendsLeaderboardSchema = z.object({
  scope: z.literal('friends'),
  week_start: z.iso.date(),
  items: z.array(LeaderboardRowSchema),
});
export type FriendsLeaderboard = z.infer<typeof FriendsLeaderboardSchema>;

export const LeagueLeaderboardSchema = z.object({
  scope: z.literal('league'),
  /** False until the learner earns XP this week: then they are placed in a cohort. */
  placed: z.boolean(),
  tier: z.number().int().min(1).max(LEAGUE_TIERS),
  week_start: z.iso.date(),
  ends_at: z.iso.datetime(),
  days_left: z.number().int().min(0),
  my_rank: z.number().int().min(1).nullable(),
  cohort_size: z.number().int().min(0),
  /** Ranks 1..promotion_until go up a tier at the week's end. */
  promotion_until: z.number().int().min(0),
  /** Ranks from demotion_from on go down a tier (null when no one would: tier 1 or a small cohort). */
  demotion_from: z.number().int().min(1).nullable(),
  /** The cohort by this week's XP; other learners' private profiles are left out (ranks stay). */
  items: z.array(LeaderboardRowSchema),
});
export type LeagueLeaderboard = z.infer<typeof LeagueLeaderboardSchema>;

export const LeaderboardResponseSchema = z.discriminatedUnion('scope', [FriendsLeaderboardSchema, LeagueLeaderboardSchema]);
export type LeaderboardResponse = z.infer<typeof LeaderboardResponseSchema>;
