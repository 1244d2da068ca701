CREATE TABLE "weekly_xp" (
	"user_id" uuid NOT NULL,
	"week_start" date NOT NULL,
	"xp" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "weekly_xp_user_id_week_start_pk" PRIMARY KEY("user_id","week_start")
);
--> statement-breakpoint
CREATE TABLE "xp_events" (
	"user_id" uuid NOT NULL,
	"source_kind" text NOT NULL,
	"source_id" text NOT NULL,
	"xp" integer NOT NULL,
	"local_date" date NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "xp_events_user_id_source_kind_source_id_pk" PRIMARY KEY("user_id","source_kind","source_id")
);
--> statement-breakpoint
ALTER TABLE "weekly_xp" ADD CONSTRAINT "weekly_xp_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xp_events" ADD CONSTRAINT "xp_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The ledger starts with what earlier versions paid out: one row per finished lesson, practice or
-- review session, with the XP its stored result names. (Profile totals stay as they are: they
-- already include these.)
INSERT INTO "xp_events" ("user_id", "source_kind", "source_id", "xp", "local_date", "created_at")
SELECT "user_id", "kind", "id"::text, coalesce(("result"->>'xp_earned')::int, 0), "local_date", "completed_at"
  FROM "lesson_sessions"
 WHERE "completed_at" IS NOT NULL AND "kind" IN ('lesson', 'practice', 'review')
ON CONFLICT DO NOTHING;--> statement-breakpoint
-- League weeks start on Monday 00:00 UTC (date_trunc('week') is ISO: Monday).
INSERT INTO "weekly_xp" ("user_id", "week_start", "xp")
SELECT "user_id", date_trunc('week', "created_at" AT TIME ZONE 'UTC')::date, sum("xp")
  FROM "xp_events"
 GROUP BY 1, 2
ON CONFLICT DO NOTHING;
