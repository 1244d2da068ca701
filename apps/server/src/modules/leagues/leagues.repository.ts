import { LEAGUE_COHORT_SIZE, LEAGUE_DEMOTED, LEAGUE_PROMOTED, LEAGUE_TIERS } from '@parla/shared/leagues.schema';
import { sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../../db/client';

/** A learner on a board, before ranks and levels. */
export interface BoardRow {
  user_id: string;
  name: string;
  total_xp: number;
  week_xp: number;
}

export interface MemberRow extends BoardRow {
  /** Left out of the caller's view (another learner's private profile, or a block either way). */
  hidden: boolean;
}

const rowsOf = <Row>(result: unknown): Row[] => (result as { rows: Row[] }).rows;

/**
 * The statements of the leaderboards. Placement and the week-end job are the only writers; the
 * rules that must hold under concurrent requests are the database's: a learner's membership is
 * keyed by (learner, week), a cohort's size is checked to stay within 30 and placement into a
 * week's tier takes a transaction lock, and a week is closed by the insert of its key.
 */
export function createLeaguesRepository(database: DatabaseHandle) {
  const db: Database = database.db;
  return {
    /** Me and the people I follow, but never across a block, nor a private learner who does not follow me. */
    async friendsBoard(userId: string, weekStart: string): Promise<BoardRow[]> {
      return rowsOf<BoardRow>(
        await db.execute(sql`
          with board as (
            select ${userId}::uuid as user_id
            union
            select f.followee_id from follows f
            where f.follower_id = ${userId}::uuid
              and not exists (select 1 from blocks b where b.blocker_id = ${userId}::uuid and b.blocked_id = f.followee_id)
              and not exists (select 1 from blocks b where b.blocker_id = f.followee_id and b.blocked_id = ${userId}::uuid)
          )
          select u.id as user_id, u.full_name as name, coalesce(p.total_xp, 0)::int as total_xp, coalesce(w.xp, 0)::int as week_xp
          from board
          join users u on u.id = board.user_id
          left join profiles p on p.user_id = u.id
          left join weekly_xp w on w.user_id = u.id and w.week_start = ${weekStart}::date
          where u.id = ${userId}::uuid
             or not coalesce(p.is_private, false)
             or exists (select 1 from follows back where back.follower_id = u.id and back.followee_id = ${userId}::uuid)
          order by total_xp desc, week_xp desc, u.full_name, u.id`),
      );
    },

    /** This week's XP of a learner (0 without any). */
    async weekXp(userId: string, weekStart: string): Promise<number> {
      const [row] = rowsOf<{ xp: number }>(
        await db.execute(
          sql`select xp::int as xp from weekly_xp where user_id = ${userId}::uuid and week_start = ${weekStart}::date`,
        ),
      );
      return row?.xp ?? 0;
    },

    /** The learner's tier for weeks to come (1 until the week-end job moves them). */
    async tierOf(userId: string): Promise<number> {
      const [row] = rowsOf<{ tier: number }>(
        await db.execute(sql`select tier from league_tiers where user_id = ${userId}::uuid`),
      );
      return row?.tier ?? 1;
    },

    /** The learner's cohort this week, if placed, with its tier. */
    async membership(userId: string, weekStart: string): Promise<{ cohort_id: string; tier: number } | undefined> {
      const [row] = rowsOf<{ cohort_id: string; tier: number }>(
        await db.execute(sql`
          select m.cohort_id, c.tier from league_members m join league_cohorts c on c.id = m.cohort_id
          where m.user_id = ${userId}::uuid and m.week_start = ${weekStart}::date`),
      );
      return row;
    },

    async isClosed(weekStart: string): Promise<boolean> {
      const rows = rowsOf(await db.execute(sql`select 1 from league_weeks_closed where week_start = ${weekStart}::date`));
      return rows.length > 0;
    },

    /**
     * Places the learner in a cohort of the week at their tier, once: under a transaction lock per
     * (week, tier) the first cohort with room takes them (or a new one), the membership key keeps
     * a second placement out, and the size check keeps any cohort within 30.
     */
    async place(userId: string, weekStart: string, now: Date): Promise<void> {
      await db.transaction(async (tx) => {
        const placed = rowsOf(
          await tx.execute(sql`select 1 from league_members where user_id = ${userId}::uuid and week_start = ${weekStart}::date`),
        );
        if (placed.length > 0) return;
        const [tierRow] = rowsOf<{ tier: number }>(
          await tx.execute(sql`select tier from league_tiers where user_id = ${userId}::uuid`),
        );
        const tier = tierRow?.tier ?? 1;
        await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`league:${weekStart}:${tier}`}, 0))`);
        const [cohort] = rowsOf<{ id: string }>(
          await tx.execute(sql`
            with free as (
              select id from league_cohorts
              where week_start = ${weekStart}::date and tier = ${tier}::int and size < ${LEAGUE_COHORT_SIZE}::int
              order by created_at, id limit 1
            ), fresh as (
              insert into league_cohorts (week_start, tier, size, created_at)
              select ${weekStart}::date, ${tier}::int, 0, ${now.toISOString()}::timestamptz
              where not exists (select 1 from free)
              returning id
            )
            select id from free union all select id from fresh`),
        );
        if (!cohort) throw new Error('No league cohort was found or made.');
        const joined = rowsOf(
          await tx.execute(sql`
            insert into league_members (user_id, week_start, cohort_id, placed_at)
            values (${userId}::uuid, ${weekStart}::date, ${cohort.id}::uuid, ${now.toISOString()}::timestamptz)
            on conflict (user_id, week_start) do nothing
            returning 1`),
        );
        if (joined.length > 0) {
          await tx.execute(sql`update league_cohorts set size = size + 1 where id = ${cohort.id}::uuid`);
        }
      });
    },

    /** The cohort by this week's XP (then who was placed first), every member, with whether the caller may see them. */
    async standings(cohortId: string, callerId: string): Promise<MemberRow[]> {
      return rowsOf<MemberRow>(
        await db.execute(sql`
          select m.user_id, u.full_name as name, coalesce(p.total_xp, 0)::int as total_xp, coalesce(w.xp, 0)::int as week_xp,
            (m.user_id <> ${callerId}::uuid and (
              coalesce(p.is_private, false)
              or exists (select 1 from blocks b where b.blocker_id = ${callerId}::uuid and b.blocked_id = m.user_id)
              or exists (select 1 from blocks b where b.blocker_id = m.user_id and b.blocked_id = ${callerId}::uuid)
            )) as hidden
          from league_members m
          join users u on u.id = m.user_id
          left join profiles p on p.user_id = m.user_id
          left join weekly_xp w on w.user_id = m.user_id and w.week_start = m.week_start
          where m.cohort_id = ${cohortId}::uuid
          order by week_xp desc, m.placed_at, m.user_id`),
      );
    },

    /**
     * The week-end job for one week: the insert of the week's key decides which run applies it (a
     * second run, on this replica or another, at once or later, finds the key and changes nothing).
     * In each cohort the top 7 go up a tier (at most 10) and the bottom 5 down (at least 1); in a
     * cohort of 12 or fewer the promotion zone wins. Returns how many learners' tiers were written.
     */
    async closeWeek(weekStart: string, now: Date): Promise<{ closed: boolean; moved: number }> {
      return db.transaction(async (tx) => {
        const claimed = rowsOf(
          await tx.execute(sql`
            insert into league_weeks_closed (week_start, closed_at) values (${weekStart}::date, ${now.toISOString()}::timestamptz)
            on conflict (week_start) do nothing returning 1`),
        );
        if (claimed.length === 0) return { closed: false, moved: 0 };
        const moved = rowsOf(
          await tx.execute(sql`
            with ranked as (
              select m.user_id, c.tier,
                row_number() over (partition by m.cohort_id order by coalesce(w.xp, 0) desc, m.placed_at, m.user_id) as rank,
                count(*) over (partition by m.cohort_id) as n
              from league_members m
              join league_cohorts c on c.id = m.cohort_id
              left join weekly_xp w on w.user_id = m.user_id and w.week_start = m.week_start
              where m.week_start = ${weekStart}::date
            ), moved as (
              select user_id,
                case
                  when rank <= ${LEAGUE_PROMOTED}::int then least(tier + 1, ${LEAGUE_TIERS}::int)
                  when rank > greatest(${LEAGUE_PROMOTED}::int, n - ${LEAGUE_DEMOTED}::int) then greatest(tier - 1, 1)
                  else tier
                end as tier
              from ranked
            )
            insert into league_tiers (user_id, tier) select user_id, tier from moved
            on conflict (user_id) do update set tier = excluded.tier
            returning 1`),
        );
        return { closed: true, moved: moved.length };
      });
    },
  };
}

export type LeaguesRepository = ReturnType<typeof createLeaguesRepository>;
