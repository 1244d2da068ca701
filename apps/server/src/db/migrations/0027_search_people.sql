-- Learners are found by name (GET /search, ADR 028): case, accents and typos aside, through a
-- trigram index on the lower-cased, unaccented name. unaccent() is only STABLE (its dictionary could
-- change), so an index needs this IMMUTABLE wrapper naming its dictionary and schema.
CREATE OR REPLACE FUNCTION search_normalise(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  RETURN lower(public.unaccent('public.unaccent'::regdictionary, value));--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_full_name_search_idx" ON "users" USING gin (search_normalise("full_name") gin_trgm_ops);
