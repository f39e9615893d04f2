ALTER TABLE "refresh_tokens" ADD COLUMN "network" text;--> statement-breakpoint
ALTER TABLE "refresh_tokens" ADD COLUMN "last_used_at" timestamp with time zone;