CREATE INDEX "lesson_sessions_user_id_local_date_lesson_id_index" ON "lesson_sessions" USING btree ("user_id","local_date","lesson_id");--> statement-breakpoint
DROP INDEX "lesson_sessions_user_id_local_date_index";
