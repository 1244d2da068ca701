ALTER TABLE "profiles" ADD COLUMN "notify_in_app" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "notify_email" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "notify_push" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "reminder_time" text DEFAULT '19:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "vacation_start" date;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "vacation_until" date;