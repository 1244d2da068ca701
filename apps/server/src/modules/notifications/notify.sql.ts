import { NOTIFICATION_COLUMNS } from './sql/notification-columns';

/**
 * A common table expression that stores notifications inside a producer's own statement (the
 * pattern of modules/progress/award.sql.ts, ADR 017/022), so a notification is atomic with what
 * caused it and costs no round trip of its own:
 *
 *   with …, ${notifyCte('notified', `select user_id, 'achievement', 'achievement.earned',
 *            jsonb_build_object('achievement_id', achievement_id), 'achievement:' || achievement_id, earned_at
 *            from achievement_earned`)}
 *   select …
 *
 * `selectSql` yields, in order: user_id, type, kind, params (jsonb), dedupe_key, created_at. The
 * CTE `name` holds only the notifications this statement stored (a dedupe key stored before, or by
 * a concurrent statement, yields nothing), with the columns the repository's rows have: id,
 * user_id, type, kind, params, read, created_us; hand them to `notifiedRows()` to push or e-mail
 * exactly those.
 */
export function notifyCte(name: string, selectSql: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`notifyCte: "${name}" is not a CTE name`);
  return `${name} as (
    insert into notifications (user_id, type, kind, params, dedupe_key, created_at)
    ${selectSql}
    on conflict (user_id, dedupe_key) do nothing
    returning ${NOTIFICATION_COLUMNS}
  )`;
}

/**
 * The `selectSql` of `notifyCte` for achievements: one notification per row of `earnedCte`
 * (user_id, achievement_id, earned_at — what award-achievements.sql.ts's `achievement_earned`
 * returns), keyed `achievement:<id>` so an achievement is announced once — to learners who keep
 * the in-app channel on (their settings).
 */
export function achievementNotificationsSelect(earnedCte: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(earnedCte)) throw new Error(`achievementNotificationsSelect: "${earnedCte}" is not a CTE name`);
  return `select e.user_id, 'achievement', 'achievement.earned', jsonb_build_object('achievement_id', e.achievement_id),
           'achievement:' || e.achievement_id, e.earned_at
      from ${earnedCte} e
      join profiles p on p.user_id = e.user_id
     where p.notify_in_app
     order by e.user_id, e.achievement_id`;
}
