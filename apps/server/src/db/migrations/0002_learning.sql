CREATE TABLE "daily_activity" (
	"user_id" uuid NOT NULL,
	"local_date" date NOT NULL,
	"xp" integer DEFAULT 0 NOT NULL,
	"lessons" integer DEFAULT 0 NOT NULL,
	"practices" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "daily_activity_user_id_local_date_pk" PRIMARY KEY("user_id","local_date")
);
--> statement-breakpoint
CREATE TABLE "lesson_progress" (
	"user_id" uuid NOT NULL,
	"course" text NOT NULL,
	"lesson_id" text NOT NULL,
	"best_score" integer NOT NULL,
	"completions" integer DEFAULT 1 NOT NULL,
	"last_completed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lesson_progress_user_id_course_lesson_id_pk" PRIMARY KEY("user_id","course","lesson_id")
);
--> statement-breakpoint
CREATE TABLE "lesson_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text DEFAULT 'lesson' NOT NULL,
	"lesson_id" text NOT NULL,
	"course" text NOT NULL,
	"native_language" text NOT NULL,
	"seed" integer NOT NULL,
	"exercises" jsonb NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"local_date" date NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"result" jsonb
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "last_active_date" date;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "daily_goal_xp" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "plan" text DEFAULT 'free' NOT NULL;--> statement-breakpoint
ALTER TABLE "daily_activity" ADD CONSTRAINT "daily_activity_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_progress" ADD CONSTRAINT "lesson_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_sessions" ADD CONSTRAINT "lesson_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lesson_sessions_user_id_local_date_index" ON "lesson_sessions" USING btree ("user_id","local_date");