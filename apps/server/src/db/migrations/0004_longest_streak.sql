ALTER TABLE "profiles" ADD COLUMN "longest_streak" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "profiles" SET "longest_streak" = "current_streak";
