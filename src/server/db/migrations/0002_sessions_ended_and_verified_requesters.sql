ALTER TABLE "requests" ADD COLUMN "requester_email_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sessions_ended_at" timestamp with time zone;