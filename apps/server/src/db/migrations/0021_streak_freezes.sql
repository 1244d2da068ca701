ALTER TABLE "profiles" ADD COLUMN "streak_freezes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_streak_freezes_range" CHECK ("streak_freezes" BETWEEN 0 AND 2);--> statement-breakpoint
-- Learners already on a streak get the freezes it earned them: one per 7 days, at most 2.
UPDATE "profiles" SET "streak_freezes" = least(2, "current_streak" / 7) WHERE "current_streak" >= 7;
