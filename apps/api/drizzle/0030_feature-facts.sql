ALTER TABLE "features" ADD COLUMN "facts" jsonb;--> statement-breakpoint
ALTER TABLE "features" ADD COLUMN "time_zone" text;