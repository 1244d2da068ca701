CREATE TABLE "lesson_variants" (
	"id" text PRIMARY KEY NOT NULL,
	"lesson_id" text NOT NULL,
	"exercises" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lesson_sessions" ALTER COLUMN "exercises" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "lesson_sessions" ADD COLUMN "variant_id" text;--> statement-breakpoint
-- A session holds its exercises, or draws a variant that does (ADR 032).
ALTER TABLE "lesson_sessions" ADD CONSTRAINT "lesson_sessions_exercises_or_variant" CHECK ("exercises" IS NOT NULL OR "variant_id" IS NOT NULL);--> statement-breakpoint
-- start_lesson_sessions() (0034) with variants: a start names its variant (`variant_id`), and brings
-- the variant's exercises (`variant_exercises`) the first time its replica uses it, stored once for
-- all (a variant already there stays as it is: the id is a digest of the exercises). A start of
-- the previous shape (`exercises`, from a replica not yet upgraded) is stored as before; a start
-- with neither only resumes. An open session's exercises are its own or its variant's.
CREATE OR REPLACE FUNCTION start_lesson_sessions(p_starts jsonb)
RETURNS TABLE (start_user_id uuid, created_id uuid, open_id uuid, open_exercises jsonb, open_answers jsonb)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM 1 FROM users u
   WHERE u.id IN (SELECT (e ->> 'user_id')::uuid FROM jsonb_array_elements(p_starts) e)
   ORDER BY u.id
     FOR UPDATE;
  INSERT INTO lesson_variants (id, lesson_id, exercises)
  SELECT DISTINCT ON (e ->> 'variant_id') e ->> 'variant_id', e ->> 'lesson_id', e -> 'variant_exercises'
    FROM jsonb_array_elements(p_starts) e
   WHERE e ->> 'variant_id' IS NOT NULL AND jsonb_typeof(e -> 'variant_exercises') = 'array'
  ON CONFLICT (id) DO NOTHING;
  RETURN QUERY
    WITH i AS (
      SELECT *
        FROM jsonb_to_recordset(p_starts) AS i(user_id uuid, lesson_id text, course text, local_date date,
               native_language text, seed integer, exercises jsonb, variant_id text, item_words jsonb,
               started_at timestamptz, allowance integer)
    ), open AS (
      SELECT DISTINCT ON (i.user_id) i.user_id, s.id, coalesce(s.exercises, v.exercises) AS exercises, s.answers
        FROM i
        JOIN lesson_sessions s
          ON s.user_id = i.user_id AND s.lesson_id = i.lesson_id AND s.course = i.course
         AND s.local_date = i.local_date AND s.kind = 'lesson' AND s.completed_at IS NULL
        LEFT JOIN lesson_variants v ON v.id = s.variant_id
       ORDER BY i.user_id, s.started_at
    ), used AS (
      SELECT i.user_id, (SELECT count(*)::integer FROM lesson_sessions s
                          WHERE s.user_id = i.user_id AND s.local_date = i.local_date AND s.kind = 'lesson') AS n
        FROM i
       WHERE i.allowance IS NOT NULL AND (i.exercises IS NOT NULL OR i.variant_id IS NOT NULL)
    ), created AS (
      INSERT INTO lesson_sessions AS s (user_id, kind, lesson_id, course, native_language, seed, exercises, variant_id,
                                        item_words, local_date, started_at, daily_slot)
      SELECT i.user_id, 'lesson', i.lesson_id, i.course, i.native_language, i.seed, i.exercises, i.variant_id,
             i.item_words, i.local_date, i.started_at, CASE WHEN i.allowance IS NULL THEN NULL ELSE used.n + 1 END
        FROM i
        LEFT JOIN used ON used.user_id = i.user_id
       WHERE (i.exercises IS NOT NULL OR i.variant_id IS NOT NULL)
         AND NOT EXISTS (SELECT 1 FROM open WHERE open.user_id = i.user_id)
         AND (i.allowance IS NULL OR used.n < i.allowance)
      ON CONFLICT DO NOTHING
      RETURNING s.user_id, s.id
    )
    SELECT i.user_id, created.id, open.id,
           CASE WHEN open.id IS NOT NULL THEN
             (SELECT jsonb_agg(e.value -> 'exercise' ORDER BY e.ordinality)
                FROM jsonb_array_elements(open.exercises) WITH ORDINALITY e)
           END,
           open.answers
      FROM i
      LEFT JOIN open ON open.user_id = i.user_id
      LEFT JOIN created ON created.user_id = i.user_id;
END
$$;
