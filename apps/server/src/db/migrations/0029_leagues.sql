CREATE TABLE "league_cohorts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"week_start" date NOT NULL,
	"tier" integer NOT NULL,
	"size" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "league_cohorts_size_range" CHECK ("league_cohorts"."size" between 0 and 30),
	CONSTRAINT "league_cohorts_tier_range" CHECK ("league_cohorts"."tier" between 1 and 10)
);
--> statement-breakpoint
CREATE TABLE "league_members" (
	"user_id" uuid NOT NULL,
	"week_start" date NOT NULL,
	"cohort_id" uuid NOT NULL,
	"placed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "league_members_user_id_week_start_pk" PRIMARY KEY("user_id","week_start")
);
--> statement-breakpoint
CREATE TABLE "league_tiers" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"tier" integer NOT NULL,
	CONSTRAINT "league_tiers_tier_range" CHECK ("league_tiers"."tier" between 1 and 10)
);
--> statement-breakpoint
CREATE TABLE "league_weeks_closed" (
	"week_start" date PRIMARY KEY NOT NULL,
	"closed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "league_members" ADD CONSTRAINT "league_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "league_members" ADD CONSTRAINT "league_members_cohort_id_league_cohorts_id_fk" FOREIGN KEY ("cohort_id") REFERENCES "public"."league_cohorts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "league_tiers" ADD CONSTRAINT "league_tiers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "league_cohorts_week_tier_idx" ON "league_cohorts" USING btree ("week_start","tier","size");--> statement-breakpoint
CREATE INDEX "league_members_cohort_idx" ON "league_members" USING btree ("cohort_id");--> statement-breakpoint
CREATE INDEX "league_members_week_idx" ON "league_members" USING btree ("week_start");