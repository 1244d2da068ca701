-- One open session per lesson is now kept by locking the learner's row while a start looks and
-- inserts. The partial index named completed_at, which made every lesson completion (the hottest
-- write) a non-HOT update that had to touch every index of lesson_sessions (ADR 013).
DROP INDEX "lesson_sessions_one_open_key";