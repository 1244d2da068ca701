CREATE TABLE "reminder_deliveries" (
	"user_id" uuid NOT NULL,
	"local_date" date NOT NULL,
	"streak" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reminder_deliveries_user_id_local_date_pk" PRIMARY KEY("user_id","local_date")
);
--> statement-breakpoint
ALTER TABLE "reminder_deliveries" ADD CONSTRAINT "reminder_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;