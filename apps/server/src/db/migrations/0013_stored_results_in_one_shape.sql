-- Sessions and results stored by earlier versions get today's shape, so the code reads one shape
-- only (no "stored before …" branches).
-- Lesson sessions started before item_words existed get it from their generated exercises.
UPDATE "lesson_sessions"
   SET "item_words" = (SELECT coalesce(jsonb_object_agg(e.item->'exercise'->>'id', e.item->'wordIds'), '{}'::jsonb)
                         FROM jsonb_array_elements("exercises") e(item))
 WHERE "kind" = 'lesson' AND "item_words" IS NULL;--> statement-breakpoint
-- Lesson results stored before skipping existed skipped nothing.
UPDATE "lesson_sessions"
   SET "result" = "result" || '{"skipped": 0}'::jsonb
 WHERE "kind" = 'lesson' AND "result" IS NOT NULL AND NOT "result" ? 'skipped';--> statement-breakpoint
-- Results stored before the one-statement completion carry the day's goal as a percentage: they
-- get the day's XP it stands for (that percentage of the learner's goal, rounded) and the goal,
-- which present the same percentage again.
UPDATE "lesson_sessions" s
   SET "result" = (s."result" - 'daily_goal_percent')
                  || jsonb_build_object('day_xp', round((s."result"->>'daily_goal_percent')::numeric * p."daily_goal_xp" / 100)::int,
                                        'daily_goal_xp', p."daily_goal_xp")
  FROM "profiles" p
 WHERE p."user_id" = s."user_id" AND s."kind" = 'lesson' AND s."result" ? 'daily_goal_percent' AND NOT s."result" ? 'day_xp';
