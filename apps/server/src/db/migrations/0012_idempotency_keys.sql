-- UNLOGGED: see db/schema/idempotency.ts (no WAL; emptied by a crash, which only lets a retry run again).
CREATE UNLOGGED TABLE "idempotency_keys" (
	"user_id" uuid NOT NULL,
	"request_id" text NOT NULL,
	"fingerprint" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone NOT NULL,
	"status" smallint,
	"content_type" text,
	"body" text,
	CONSTRAINT "idempotency_keys_user_id_request_id_pk" PRIMARY KEY("user_id","request_id")
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;