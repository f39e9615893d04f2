CREATE TABLE "trip_invite_blocks" (
	"email" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trip_invites" ADD COLUMN "email" text;--> statement-breakpoint
CREATE INDEX "trip_invites_email" ON "trip_invites" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "trip_invites_sender" ON "trip_invites" USING btree ("created_by","created_at");