CREATE TABLE "conversations" (
	"user_id" uuid NOT NULL,
	"other_id" uuid NOT NULL,
	"last_message_id" uuid NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"unread_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "conversations_user_id_other_id_pk" PRIMARY KEY("user_id","other_id"),
	CONSTRAINT "conversations_not_self" CHECK ("conversations"."user_id" <> "conversations"."other_id"),
	CONSTRAINT "conversations_unread_count" CHECK ("conversations"."unread_count" >= 0)
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_other_id_users_id_fk" FOREIGN KEY ("other_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversations_user_last_idx" ON "conversations" USING btree ("user_id","last_at" DESC NULLS LAST,"other_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "conversations_other_idx" ON "conversations" USING btree ("other_id");--> statement-breakpoint
-- Backfill: each learner's side of each conversation stored so far, its latest message and unread count.
INSERT INTO "conversations" ("user_id", "other_id", "last_message_id", "last_at", "unread_count")
SELECT DISTINCT ON (s.user_id, s.other_id) s.user_id, s.other_id, s.id, s.created_at,
       (SELECT count(*) FROM "messages" u
         WHERE u.recipient_id = s.user_id AND u.sender_id = s.other_id AND u.read_at IS NULL)::int
  FROM (SELECT m.sender_id AS user_id, m.recipient_id AS other_id, m.id, m.created_at FROM "messages" m
        UNION ALL
        SELECT m.recipient_id, m.sender_id, m.id, m.created_at FROM "messages" m) s
 ORDER BY s.user_id, s.other_id, s.created_at DESC, s.id DESC;
