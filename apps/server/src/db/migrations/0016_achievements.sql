CREATE TABLE "achievements" (
	"user_id" uuid NOT NULL,
	"achievement_id" text NOT NULL,
	"earned_at" timestamp with time zone NOT NULL,
	CONSTRAINT "achievements_user_id_achievement_id_pk" PRIMARY KEY("user_id","achievement_id")
);
--> statement-breakpoint
ALTER TABLE "achievements" ADD CONSTRAINT "achievements_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Learners who already qualify get their achievements now, dated when they reached them as far as
-- the ledger, the days and the sessions tell (the catalogue as of this migration:
-- packages/shared/src/achievements.ts; first-friend waits for friends). Lessons: the Nth paid lesson.
INSERT INTO "achievements" ("user_id", "achievement_id", "earned_at")
SELECT x."user_id", t."id", x."created_at"
  FROM (SELECT "user_id", "created_at",
               row_number() OVER (PARTITION BY "user_id" ORDER BY "created_at", "source_id") AS "n"
          FROM "xp_events" WHERE "source_kind" = 'lesson') x
  JOIN (VALUES ('first-lesson', 1), ('five-lessons', 5)) AS t("id", "target") ON x."n" = t."target"
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- XP: the award that took the running total to the target.
INSERT INTO "achievements" ("user_id", "achievement_id", "earned_at")
SELECT DISTINCT ON (x."user_id", t."id") x."user_id", t."id", x."created_at"
  FROM (SELECT "user_id", "created_at",
               sum("xp") OVER (PARTITION BY "user_id" ORDER BY "created_at", "source_kind", "source_id") AS "total"
          FROM "xp_events") x
  JOIN (VALUES ('xp-100', 100), ('xp-1000', 1000), ('xp-10000', 10000)) AS t("id", "target") ON x."total" >= t."target"
 ORDER BY x."user_id", t."id", x."created_at"
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Streaks: the day a run of consecutive active days reached the target, at that day's first award.
INSERT INTO "achievements" ("user_id", "achievement_id", "earned_at")
SELECT DISTINCT ON (r."user_id", t."id") r."user_id", t."id",
       coalesce((SELECT min(e."created_at") FROM "xp_events" e WHERE e."user_id" = r."user_id" AND e."local_date" = r."local_date"),
                r."local_date"::timestamp AT TIME ZONE 'UTC')
  FROM (SELECT "user_id", "local_date",
               row_number() OVER (PARTITION BY "user_id", "island" ORDER BY "local_date") AS "run"
          FROM (SELECT "user_id", "local_date",
                       "local_date" - (row_number() OVER (PARTITION BY "user_id" ORDER BY "local_date"))::int AS "island"
                  FROM "daily_activity") d) r
  JOIN (VALUES ('streak-3', 3), ('streak-7', 7), ('streak-30', 30), ('streak-100', 100)) AS t("id", "target") ON r."run" = t."target"
 ORDER BY r."user_id", t."id", r."local_date"
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- A perfect lesson: the first lesson session finished at 100 %.
INSERT INTO "achievements" ("user_id", "achievement_id", "earned_at")
SELECT "user_id", 'perfect-lesson', min("completed_at")
  FROM "lesson_sessions"
 WHERE "kind" = 'lesson' AND "completed_at" IS NOT NULL AND ("result"->>'score')::int = 100
 GROUP BY "user_id"
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- The first quick practice.
INSERT INTO "achievements" ("user_id", "achievement_id", "earned_at")
SELECT "user_id", 'first-practice', min("created_at")
  FROM "xp_events" WHERE "source_kind" = 'practice'
 GROUP BY "user_id"
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Words learned (the words of the lessons completed, per course): the first completion that took
-- the running count to the target.
INSERT INTO "achievements" ("user_id", "achievement_id", "earned_at")
SELECT DISTINCT ON (w."user_id", t."id") w."user_id", t."id", w."at"
  FROM (SELECT f."user_id", f."at",
               sum((SELECT count(*) FROM jsonb_object_keys(lp."cards")))
                 OVER (PARTITION BY f."user_id" ORDER BY f."at", f."course", f."lesson_id") AS "words"
          FROM (SELECT "user_id", "course", "lesson_id", min("completed_at") AS "at"
                  FROM "lesson_sessions"
                 WHERE "kind" = 'lesson' AND "completed_at" IS NOT NULL
                 GROUP BY 1, 2, 3) f
          JOIN "lesson_progress" lp
            ON lp."user_id" = f."user_id" AND lp."course" = f."course" AND lp."lesson_id" = f."lesson_id" AND lp."completions" > 0) w
  JOIN (VALUES ('words-50', 50), ('words-250', 250)) AS t("id", "target") ON w."words" >= t."target"
 ORDER BY w."user_id", t."id", w."at"
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- Whatever the history does not date (totals kept from before the ledger): the profile's and the
-- deck's numbers decide, dated at the profile's last change.
INSERT INTO "achievements" ("user_id", "achievement_id", "earned_at")
SELECT p."user_id", t."id", p."updated_at"
  FROM "profiles" p
  CROSS JOIN LATERAL (SELECT count(*) FILTER (WHERE lp."best_score" = 100) AS "perfect",
                             coalesce(sum((SELECT count(*) FROM jsonb_object_keys(lp."cards"))), 0) AS "words"
                        FROM "lesson_progress" lp WHERE lp."user_id" = p."user_id" AND lp."completions" > 0) m
  JOIN (VALUES ('first-lesson', 'lessons', 1), ('five-lessons', 'lessons', 5), ('perfect-lesson', 'perfect_lessons', 1),
               ('streak-3', 'streak', 3), ('streak-7', 'streak', 7), ('streak-30', 'streak', 30), ('streak-100', 'streak', 100),
               ('xp-100', 'xp', 100), ('xp-1000', 'xp', 1000), ('xp-10000', 'xp', 10000),
               ('words-50', 'words', 50), ('words-250', 'words', 250)) AS t("id", "metric", "target")
    ON CASE t."metric" WHEN 'lessons' THEN p."lessons_completed" WHEN 'streak' THEN p."longest_streak"
                       WHEN 'xp' THEN p."total_xp" WHEN 'perfect_lessons' THEN m."perfect" ELSE m."words" END >= t."target"
ON CONFLICT DO NOTHING;
