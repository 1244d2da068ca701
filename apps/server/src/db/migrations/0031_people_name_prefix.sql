-- People search (GET /search) ranks at most 200 learners whose name starts with the query, in
-- alphabetical order: this btree reads just those, in that order, however many learners there are
-- (the trigram index of 0027 cannot give an order, and with a million learners a common first name
-- starts thousands of names). text_pattern_ops: LIKE 'prefix%' and ORDER BY … USING ~<~ in any collation.
CREATE INDEX IF NOT EXISTS "users_full_name_prefix_idx" ON "users" (search_normalise("full_name") text_pattern_ops);
