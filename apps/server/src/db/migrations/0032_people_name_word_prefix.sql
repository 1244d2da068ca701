-- People search (GET /search): the names whose second word (a surname, most often) starts with the
-- query, in alphabetical order of that word, read like 0031 reads the names starting with it. With a
-- million learners a common surname is in thousands of names: the trigram index of 0027 would find
-- all of them before any could be ranked.
CREATE INDEX IF NOT EXISTS "users_full_name_second_word_idx" ON "users" (substr(search_normalise("full_name"), strpos(search_normalise("full_name"), ' ') + 1) text_pattern_ops);
