-- Lesson starts in batches (ADR 032): concurrent starts share one call, one round trip and one commit.
-- $1 is a JSON array of starts, at most one per learner: {user_id, lesson_id, course, local_date,
-- native_language, seed, exercises, item_words, started_at, allowance}. The learners' rows are
-- locked first, in id order (two calls never wait on each other in a cycle), so the statement after
-- the lock sees every start that went before (each statement of a function takes a new snapshot).
-- One row per start: the new session's id; or the lesson's open session of that day (resumed
-- instead: its exercises without their keys, its answers); or neither: the day's allowance (null:
-- unlimited) is used, or the start brought no exercises (a resume that found nothing to resume).
-- The unique free slot stays the second guard. start_lesson_session() (0033) is kept for replicas
-- of the previous version during a rolling upgrade.
CREATE OR REPLACE FUNCTION start_lesson_sessions(p_starts jsonb)
RETURNS TABLE (start_user_id uuid, created_id uuid, open_id uuid, open_exercises jsonb, open_answers jsonb)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  PERFORM 1 FROM users u
   WHERE u.id IN (SELECT (e ->> 'user_id')::uuid FROM jsonb_array_elements(p_starts) e)
   ORDER BY u.id
     FOR UPDATE;
  RETURN QUERY
    WITH i AS (
      SELECT *
        FROM jsonb_to_recordset(p_starts) AS i(user_id uuid, lesson_id text, course text, local_date date,
               native_language text, seed integer, exercises jsonb, item_words jsonb, started_at timestamptz,
               allowance integer)
    ), open AS (
      SELECT DISTINCT ON (i.user_id) i.user_id, s.id, s.exercises, s.answers
        FROM i
        JOIN lesson_sessions s
          ON s.user_id = i.user_id AND s.lesson_id = i.lesson_id AND s.course = i.course
         AND s.local_date = i.local_date AND s.kind = 'lesson' AND s.completed_at IS NULL
       ORDER BY i.user_id, s.started_at
    ), used AS (
      SELECT i.user_id, (SELECT count(*)::integer FROM lesson_sessions s
                          WHERE s.user_id = i.user_id AND s.local_date = i.local_date AND s.kind = 'lesson') AS n
        FROM i
       WHERE i.allowance IS NOT NULL AND i.exercises IS NOT NULL
    ), created AS (
      INSERT INTO lesson_sessions AS s (user_id, kind, lesson_id, course, native_language, seed, exercises, item_words,
                                        local_date, started_at, daily_slot)
      SELECT i.user_id, 'lesson', i.lesson_id, i.course, i.native_language, i.seed, i.exercises, i.item_words,
             i.local_date, i.started_at, CASE WHEN i.allowance IS NULL THEN NULL ELSE used.n + 1 END
        FROM i
        LEFT JOIN used ON used.user_id = i.user_id
       WHERE i.exercises IS NOT NULL
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
