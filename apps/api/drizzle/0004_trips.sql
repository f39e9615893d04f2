CREATE TABLE "crew_links" (
	"user_id" uuid NOT NULL,
	"friend_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "crew_links_user_id_friend_id_pk" PRIMARY KEY("user_id","friend_id")
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"trip_id" uuid PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checklist_entries" (
	"trip_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"entry" text NOT NULL,
	"position" integer NOT NULL,
	CONSTRAINT "checklist_entries_trip_id_user_id_entry_pk" PRIMARY KEY("trip_id","user_id","entry")
);
--> statement-breakpoint
CREATE TABLE "planner_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trip_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"feature_id" uuid,
	"text" text,
	"time" text,
	"day" date,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "planner_items_kind" CHECK (("planner_items"."kind" = 'feature' and "planner_items"."feature_id" is not null and "planner_items"."text" is null) or ("planner_items"."kind" = 'note' and "planner_items"."feature_id" is null and "planner_items"."text" is not null))
);
--> statement-breakpoint
CREATE TABLE "trip_features" (
	"trip_id" uuid NOT NULL,
	"feature_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trip_features_trip_id_feature_id_pk" PRIMARY KEY("trip_id","feature_id")
);
--> statement-breakpoint
CREATE TABLE "trip_members" (
	"trip_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trip_members_trip_id_user_id_pk" PRIMARY KEY("trip_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "trips" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"place_id" uuid NOT NULL,
	"trip_name" text NOT NULL,
	"start_date" date,
	"end_date" date,
	"transport_mode" text DEFAULT 'private' NOT NULL,
	"image_original" text,
	"image_landscape" text,
	"cover_key" text,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trips_dates_both_or_neither" CHECK (("trips"."start_date" is null) = ("trips"."end_date" is null) and ("trips"."end_date" is null or "trips"."end_date" >= "trips"."start_date"))
);
--> statement-breakpoint
ALTER TABLE "crew_links" ADD CONSTRAINT "crew_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "crew_links" ADD CONSTRAINT "crew_links_friend_id_users_id_fk" FOREIGN KEY ("friend_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklist_entries" ADD CONSTRAINT "checklist_entries_member_fk" FOREIGN KEY ("trip_id","user_id") REFERENCES "public"."trip_members"("trip_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planner_items" ADD CONSTRAINT "planner_items_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planner_items" ADD CONSTRAINT "planner_items_trip_feature_fk" FOREIGN KEY ("trip_id","feature_id") REFERENCES "public"."trip_features"("trip_id","feature_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_features" ADD CONSTRAINT "trip_features_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_features" ADD CONSTRAINT "trip_features_feature_id_features_id_fk" FOREIGN KEY ("feature_id") REFERENCES "public"."features"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_members" ADD CONSTRAINT "trip_members_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_members" ADD CONSTRAINT "trip_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trips" ADD CONSTRAINT "trips_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "crew_links_friend" ON "crew_links" USING btree ("friend_id");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token" ON "calendar_feeds" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "planner_items_one_per_feature" ON "planner_items" USING btree ("trip_id","feature_id");--> statement-breakpoint
CREATE INDEX "planner_items_list" ON "planner_items" USING btree ("trip_id","day","position");--> statement-breakpoint
CREATE INDEX "trip_features_feature" ON "trip_features" USING btree ("feature_id");--> statement-breakpoint
CREATE INDEX "trip_members_user" ON "trip_members" USING btree ("user_id","trip_id");--> statement-breakpoint
CREATE INDEX "trips_place" ON "trips" USING btree ("place_id");