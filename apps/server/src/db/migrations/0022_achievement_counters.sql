ALTER TABLE "profiles" ADD COLUMN "perfect_lessons" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "words_learned" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Learners who already took lessons: their perfect completions and the words of their lessons.
UPDATE "profiles" p SET "perfect_lessons" = s.n
  FROM (SELECT user_id, count(*)::int AS n FROM lesson_sessions
         WHERE kind = 'lesson' AND completed_at IS NOT NULL AND (result->>'score')::int = 100
         GROUP BY user_id) s
 WHERE p.user_id = s.user_id;--> statement-breakpoint
UPDATE "profiles" p SET "words_learned" = w.n
  FROM (SELECT lp.user_id, count(*)::int AS n FROM lesson_progress lp CROSS JOIN LATERAL jsonb_object_keys(lp.cards) k
         WHERE lp.completions > 0 GROUP BY lp.user_id) w
 WHERE p.user_id = w.user_id;
