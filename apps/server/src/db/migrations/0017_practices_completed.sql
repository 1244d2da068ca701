ALTER TABLE "profiles" ADD COLUMN "practices_completed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Learners who already practised: the count of quick practices paid, from the ledger.
UPDATE "profiles" p SET "practices_completed" = x.n
  FROM (SELECT user_id, count(*)::int AS n FROM xp_events WHERE source_kind = 'practice' GROUP BY user_id) x
 WHERE p.user_id = x.user_id;
