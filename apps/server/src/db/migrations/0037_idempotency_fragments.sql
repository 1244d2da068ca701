ALTER TABLE "idempotency_keys" ADD COLUMN "fragment_at" integer;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "fragment_ref" text;