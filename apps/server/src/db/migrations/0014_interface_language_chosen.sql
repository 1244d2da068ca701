-- The interface language becomes the learner's choice, null until made: 'en' was a default that
-- nobody chose (no screen wrote it), so it no longer overrides what the device shows.
ALTER TABLE "profiles" ALTER COLUMN "interface_language" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "profiles" ALTER COLUMN "interface_language" DROP NOT NULL;--> statement-breakpoint
-- Setup's native language sets the interface language (spec §4, issue 14): learners who finished
-- setup get theirs; the others get it when they finish.
UPDATE "profiles"
   SET "interface_language" = CASE WHEN "profile_completed" THEN "native_language" END
 WHERE "interface_language" = 'en';
