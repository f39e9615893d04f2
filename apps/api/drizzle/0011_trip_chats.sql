CREATE TABLE "chat_reads" (
	"chat_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"read_seq" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "chat_reads_chat_id_user_id_pk" PRIMARY KEY("chat_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "chats" DROP CONSTRAINT "chats_ordered_pair";--> statement-breakpoint
ALTER TABLE "chats" ALTER COLUMN "user_a" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "chats" ALTER COLUMN "user_b" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "chats" ADD COLUMN "trip_id" uuid;--> statement-breakpoint
ALTER TABLE "chat_reads" ADD CONSTRAINT "chat_reads_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chat_reads" ADD CONSTRAINT "chat_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "chats_trip" ON "chats" USING btree ("trip_id");--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_pair_or_trip" CHECK (("chats"."trip_id" is null and "chats"."user_a" is not null and "chats"."user_b" is not null and "chats"."user_a" < "chats"."user_b") or ("chats"."trip_id" is not null and "chats"."user_a" is null and "chats"."user_b" is null));