CREATE TABLE "chat_digest_marks" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"mailed_seq" bigint DEFAULT 0 NOT NULL,
	"mailed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chat_digest_marks" ADD CONSTRAINT "chat_digest_marks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chats_last_message_at" ON "chats" USING btree ("last_message_at");