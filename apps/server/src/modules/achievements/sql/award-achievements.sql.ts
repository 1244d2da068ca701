import { ACHIEVEMENTS, type AchievementMetric } from '@parla/shared/achievements';

/** The catalogue as an SQL row list: its ids and metrics are constants of this code, never input. */
const CATALOGUE_ROWS = ACHIEVEMENTS.map(({ id, metric, target }) => {
  if (!/^[a-z0-9_-]+$/.test(id) || !/^[a-z_]+$/.test(metric) || !Number.isInteger(target))
    throw new Error(`Achievement ${id} cannot be written into SQL`);
  return `('${id}', '${metric}', ${target})`;
}).join(', ');

/**
 * The achievement rules as common table expressions a completion embeds after modules/progress's
 * award (ADR 024): the learners it paid are measured from the totals the award just wrote
 * (`progress_profile`, the latest row of each, locked) and what they reached and have not earned is
 * stored, dated at their latest award. The table's key decides what is new: a concurrent completion
 * that stored it first makes this one's insert return nothing, so an achievement is earned once.
 *
 * `lessonProgress` names the host's CTE that upserted `lesson_progress` (returning user_id, course,
 * lesson_id, best_score, cards): perfect lessons and words learned are counted from its rows and the
 * learner's other lessons, only while an achievement of theirs is still to earn. Without it (a
 * practice completes no lesson) those metrics are not looked at.
 *
 * After them the host may read `achievement_earned(user_id, achievement_id, earned_at)`: only the
 * achievements this statement stored.
 */
export function achievementCtes({ lessonProgress }: { lessonProgress?: string } = {}): string {
  const measured: Partial<Record<AchievementMetric, string>> = {
    lessons: 'm.lessons_completed',
    xp: 'm.total_xp',
    streak: 'm.longest_streak',
    practices: 'm.practices_completed',
  };
  if (lessonProgress) {
    // The learner's lessons this statement did not write, as they were; those it wrote, as they are now.
    const others = `from lesson_progress lp
                     where lp.user_id = m.user_id and lp.completions > 0
                       and not exists (select 1 from ${lessonProgress} r
                                        where r.user_id = lp.user_id and r.course = lp.course and r.lesson_id = lp.lesson_id)`;
    measured.perfect_lessons = `(select count(*) ${others} and lp.best_score = 100)
          + (select count(*) from ${lessonProgress} r where r.user_id = m.user_id and r.best_score = 100)`;
    measured.words = `(select count(*) ${others.replace('from lesson_progress lp', 'from lesson_progress lp cross join lateral jsonb_object_keys(lp.cards) k')})
          + (select count(*) from ${lessonProgress} r cross join lateral jsonb_object_keys(r.cards) k where r.user_id = m.user_id)`;
  }
  const value = Object.entries(measured)
    .map(([metric, expression]) => `when '${metric}' then ${expression}`)
    .join('\n           ');
  return `
  achievement_learner as (
    select p.user_id, p.lessons_completed, p.total_xp, p.longest_streak, p.practices_completed, l.at,
           array(select a.achievement_id from achievements a where a.user_id = p.user_id) as earned
      from progress_profile p
      join progress_learner l on l.user_id = p.user_id
  ), achievement_earned as (
    insert into achievements (user_id, achievement_id, earned_at)
    select m.user_id, c.id, m.at
      from achievement_learner m
     cross join (values ${CATALOGUE_ROWS}) as c(id, metric, target)
     where not (c.id = any (m.earned))
       and case c.metric
           ${value}
           end >= c.target
     order by m.user_id, c.id
    on conflict do nothing
    returning user_id, achievement_id, earned_at
  )`;
}
