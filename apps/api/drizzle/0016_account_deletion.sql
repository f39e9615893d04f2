ALTER TABLE "chats" DROP CONSTRAINT "chats_pair_or_trip";--> statement-breakpoint
ALTER TABLE "chats" DROP CONSTRAINT "chats_user_a_users_id_fk";
--> statement-breakpoint
ALTER TABLE "chats" DROP CONSTRAINT "chats_user_b_users_id_fk";
--> statement-breakpoint
ALTER TABLE "messages" DROP CONSTRAINT "messages_sender_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "messages" ALTER COLUMN "sender_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_user_a_users_id_fk" FOREIGN KEY ("user_a") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_user_b_users_id_fk" FOREIGN KEY ("user_b") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sender_id_users_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_pair_or_trip" CHECK (("chats"."trip_id" is null and ("chats"."user_a" is not null or "chats"."user_b" is not null) and ("chats"."user_a" is null or "chats"."user_b" is null or "chats"."user_a" < "chats"."user_b")) or ("chats"."trip_id" is not null and "chats"."user_a" is null and "chats"."user_b" is null));