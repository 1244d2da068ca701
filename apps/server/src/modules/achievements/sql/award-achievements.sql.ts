import { ACHIEVEMENTS, type AchievementMetric } from '@parla/shared/achievements';
import { achievementNotificationsSelect, notifyCte } from '../../notifications/notify.sql';

/** The catalogue as an SQL row list: its ids and metrics are constants of this code, never input. */
const CATALOGUE_ROWS = ACHIEVEMENTS.map(({ id, metric, target }) => {
  if (!/^[a-z0-9_-]+$/.test(id) || !/^[a-z_]+$/.test(metric) || !Number.isInteger(target))
    throw new Error(`Achievement ${id} cannot be written into SQL`);
  return `('${id}', '${metric}', ${target})`;
}).join(', ');

/** What each metric is on the profile row the award just wrote (`friends`: not measured here). */
const MEASURED: Partial<Record<AchievementMetric, string>> = {
  lessons: 'lessons_completed',
  perfect_lessons: 'perfect_lessons',
  practices: 'practices_completed',
  streak: 'longest_streak',
  xp: 'total_xp',
  words: 'words_learned',
};

/**
 * The achievement rules as common table expressions a completion embeds after modules/progress's
 * award (ADR 024): the learners it paid are measured from the totals the award just wrote
 * (`progress_profile`: the latest row of each, locked, so a concurrent completion's part is in it)
 * and what they reached and have not earned is stored, dated at their latest award. The table's
 * key decides what is new: a concurrent completion that stored it first makes this one's insert
 * return nothing, so an achievement is earned once.
 *
 * Each one stored is announced in the learner's notifications in the same statement
 * (modules/notifications' fragment: once per achievement, only with the in-app channel on).
 *
 * After them the host may read `achievement_earned(user_id, achievement_id, earned_at)`: only the
 * achievements this statement stored.
 */
export function achievementCtes(): string {
  const value = Object.entries(MEASURED)
    .map(([metric, column]) => `when '${metric}' then p.${column}`)
    .join(' ');
  return `
  achievement_earned as (
    insert into achievements (user_id, achievement_id, earned_at)
    select p.user_id, c.id, l.at
      from progress_profile p
      join progress_learner l on l.user_id = p.user_id
     cross join (values ${CATALOGUE_ROWS}) as c(id, metric, target)
     where case c.metric ${value} end >= c.target
       and not exists (select 1 from achievements a where a.user_id = p.user_id and a.achievement_id = c.id)
     order by p.user_id, c.id
    on conflict do nothing
    returning user_id, achievement_id, earned_at
  ), ${notifyCte('achievement_notified', achievementNotificationsSelect('achievement_earned'))}`;
}
