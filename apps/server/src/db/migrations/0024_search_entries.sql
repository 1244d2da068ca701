CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;--> statement-breakpoint
CREATE TABLE "search_entries" (
	"language" text NOT NULL,
	"kind" text NOT NULL,
	"ref" text NOT NULL,
	"variant" text NOT NULL,
	"norm" text NOT NULL,
	CONSTRAINT "search_entries_language_kind_ref_variant_pk" PRIMARY KEY("language","kind","ref","variant")
);
--> statement-breakpoint
CREATE TABLE "search_index_state" (
	"name" text PRIMARY KEY NOT NULL,
	"content_hash" text NOT NULL,
	"built_at" timestamp with time zone DEFAULT now() NOT NULL
);
