import {
  type FriendsLeaderboard,
  LEAGUE_DEMOTED,
  LEAGUE_PROMOTED,
  LEAGUE_TIERS,
  type LeaderboardRow,
  type LeagueLeaderboard,
} from '@parla/shared/leagues.schema';
import { levelFromXp } from '@parla/shared/levels';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../../lib/clock';
import { createIntervalJob, type IntervalJob } from '../../lib/interval-job';
import { weekStartOf } from '../progress/awards';
import type { BoardRow, LeaguesRepository } from './leagues.repository';

const DAY_MS = 86_400_000;
const WEEK_MS = 7 * DAY_MS;

const row = (board: BoardRow, rank: number, callerId: string): LeaderboardRow => ({
  user_id: board.user_id,
  name: board.name,
  level: levelFromXp(board.total_xp),
  total_xp: board.total_xp,
  week_xp: board.week_xp,
  rank,
  is_me: board.user_id === callerId,
});

/** Ranks from which a cohort of `size` at `tier` goes down a tier at the week's end (null: no one does). */
export function demotionFrom(tier: number, size: number): number | null {
  if (tier <= 1) return null;
  const from = Math.max(LEAGUE_PROMOTED, size - LEAGUE_DEMOTED) + 1;
  return from <= size ? from : null;
}

/**
 * The friends board and weekly leagues (issue 16). A learner is placed in this week's league lazily,
 * on their first look at the league board once they have XP this week (docs/decisions/030-weekly-leagues.md): the
 * first look of a week also closes the week before if no job has, so a placement always reads the
 * tier the last week earned.
 */
export function createLeaguesService({ repo, clock }: { repo: LeaguesRepository; clock: Clock }) {
  return {
    async friends(callerId: string): Promise<FriendsLeaderboard> {
      const weekStart = weekStartOf(clock.now());
      const rows = await repo.friendsBoard(callerId, weekStart);
      return { scope: 'friends', week_start: weekStart, items: rows.map((board, index) => row(board, index + 1, callerId)) };
    },

    async league(callerId: string): Promise<LeagueLeaderboard> {
      const now = clock.now();
      const weekStart = weekStartOf(now);
      const endsAt = new Date(Date.parse(`${weekStart}T00:00:00Z`) + WEEK_MS);
      const daysLeft = Math.max(0, Math.ceil((endsAt.getTime() - now.getTime()) / DAY_MS));
      let membership = await repo.membership(callerId, weekStart);
      if (!membership && (await repo.weekXp(callerId, weekStart)) > 0) {
        const lastWeek = weekStartOf(new Date(Date.parse(`${weekStart}T00:00:00Z`) - WEEK_MS));
        if (!(await repo.isClosed(lastWeek))) await repo.closeWeek(lastWeek, now);
        await repo.place(callerId, weekStart, now);
        membership = await repo.membership(callerId, weekStart);
      }
      const base = { scope: 'league' as const, week_start: weekStart, ends_at: endsAt.toISOString(), days_left: daysLeft };
      if (!membership) {
        const tier = await repo.tierOf(callerId);
        return {
          ...base,
          placed: false,
          tier,
          my_rank: null,
          cohort_size: 0,
          promotion_until: tier < LEAGUE_TIERS ? LEAGUE_PROMOTED : 0,
          demotion_from: null,
          items: [],
        };
      }
      const members = await repo.standings(membership.cohort_id, callerId);
      const ranked = members.map((member, index) => ({ member, rank: index + 1 }));
      const mine = ranked.find(({ member }) => member.user_id === callerId);
      return {
        ...base,
        placed: true,
        tier: membership.tier,
        my_rank: mine?.rank ?? null,
        cohort_size: members.length,
        promotion_until: membership.tier < LEAGUE_TIERS ? Math.min(LEAGUE_PROMOTED, members.length) : 0,
        demotion_from: demotionFrom(membership.tier, members.length),
        items: ranked.filter(({ member }) => !member.hidden).map(({ member, rank }) => row(member, rank, callerId)),
      };
    },

    /** The week-end job for `weekStart` (a Monday): idempotent, and safe to run from several replicas at once. */
    closeWeek(weekStart: string) {
      return repo.closeWeek(weekStart, clock.now());
    },

    /** Closes the week before this one unless it is (what the timer runs: a key lookup once closed). */
    async closeLastWeek(): Promise<{ closed: boolean; moved: number }> {
      const lastWeek = weekStartOf(new Date(clock.now().getTime() - WEEK_MS));
      if (await repo.isClosed(lastWeek)) return { closed: false, moved: 0 };
      return repo.closeWeek(lastWeek, clock.now());
    },
  };
}

export type LeaguesService = ReturnType<typeof createLeaguesService>;

/**
 * Runs the week-end job every `intervalMs` on each replica, and once at start (the week's key makes
 * one of them apply it); app.close() stops it and waits for a running pass.
 */
export function createLeagueWeekCloser({
  service,
  intervalMs,
  logger,
}: {
  service: Pick<LeaguesService, 'closeLastWeek'>;
  intervalMs: number;
  logger: FastifyBaseLogger;
}): IntervalJob {
  return createIntervalJob({
    intervalMs,
    runAtStart: true,
    logger,
    failure: 'closing the league week failed',
    run: async () => {
      const result = await service.closeLastWeek();
      if (result.closed) logger.info({ moved: result.moved }, 'league week closed');
    },
  });
}
