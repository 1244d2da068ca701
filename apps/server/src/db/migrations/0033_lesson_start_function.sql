-- A lesson start in one round trip (ADR 032): the learner's row is locked first, so starts arriving
-- together take turns, and each statement after the lock sees every start that went before (a
-- function's statements each take a new snapshot). Returns the new session's id, or the lesson's
-- open session of the day (resumed instead: its exercises without their keys, its answers), or no
-- row when the day's allowance (null: unlimited) is used. The unique free slot is a second guard.
CREATE OR REPLACE FUNCTION start_lesson_session(
  p_user_id uuid, p_lesson_id text, p_course text, p_local_date date, p_native_language text, p_seed integer,
  p_exercises jsonb, p_item_words jsonb, p_started_at timestamptz, p_allowance integer)
RETURNS TABLE (created_id uuid, open_id uuid, open_exercises jsonb, open_answers jsonb)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  used integer := 0;
BEGIN
  PERFORM 1 FROM users u WHERE u.id = p_user_id FOR UPDATE;
  RETURN QUERY
    SELECT NULL::uuid, s.id,
           (SELECT jsonb_agg(e.value -> 'exercise' ORDER BY e.ordinality)
              FROM jsonb_array_elements(s.exercises) WITH ORDINALITY e),
           s.answers
      FROM lesson_sessions s
     WHERE s.user_id = p_user_id AND s.lesson_id = p_lesson_id AND s.course = p_course
       AND s.local_date = p_local_date AND s.kind = 'lesson' AND s.completed_at IS NULL
     LIMIT 1;
  IF FOUND THEN
    RETURN;
  END IF;
  IF p_allowance IS NOT NULL THEN
    SELECT count(*) INTO used
      FROM lesson_sessions s
     WHERE s.user_id = p_user_id AND s.local_date = p_local_date AND s.kind = 'lesson';
    IF used >= p_allowance THEN
      RETURN;
    END IF;
  END IF;
  RETURN QUERY
    INSERT INTO lesson_sessions AS s (user_id, kind, lesson_id, course, native_language, seed, exercises, item_words,
                                      local_date, started_at, daily_slot)
    VALUES (p_user_id, 'lesson', p_lesson_id, p_course, p_native_language, p_seed, p_exercises, p_item_words,
            p_local_date, p_started_at, CASE WHEN p_allowance IS NULL THEN NULL ELSE used + 1 END)
    ON CONFLICT DO NOTHING
    RETURNING s.id, NULL::uuid, NULL::jsonb, NULL::jsonb;
END
$$;
