-- One session per free slot and one open session per lesson and day, decided by the database
-- (parallel starts used to create several). Duplicate open sessions that the race left behind are
-- removed first, keeping each lesson's earliest; an unfinished session holds no XP.
ALTER TABLE "lesson_sessions" ADD COLUMN "daily_slot" smallint;--> statement-breakpoint
DELETE FROM "lesson_sessions" AS s USING "lesson_sessions" AS t
 WHERE s."kind" = 'lesson' AND t."kind" = 'lesson'
   AND s."completed_at" IS NULL AND t."completed_at" IS NULL
   AND s."user_id" = t."user_id" AND s."lesson_id" = t."lesson_id"
   AND s."course" = t."course" AND s."local_date" = t."local_date"
   AND (s."started_at", s."id") > (t."started_at", t."id");--> statement-breakpoint
CREATE UNIQUE INDEX "lesson_sessions_daily_slot_key" ON "lesson_sessions" USING btree ("user_id","local_date","daily_slot") WHERE "lesson_sessions"."daily_slot" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "lesson_sessions_one_open_key" ON "lesson_sessions" USING btree ("user_id","lesson_id","course","local_date") WHERE "lesson_sessions"."kind" = 'lesson' and "lesson_sessions"."completed_at" is null;