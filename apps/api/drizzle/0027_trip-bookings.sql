CREATE TABLE "trip_bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trip_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"provider" text DEFAULT '' NOT NULL,
	"confirmation_code" text DEFAULT '' NOT NULL,
	"carrier" text DEFAULT '' NOT NULL,
	"number" text DEFAULT '' NOT NULL,
	"seat" text DEFAULT '' NOT NULL,
	"party_size" integer,
	"travellers" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"cost_minor" bigint,
	"cost_currency" text,
	"notes" text DEFAULT '' NOT NULL,
	"hidden_from_share" boolean DEFAULT false NOT NULL,
	"start_local" text NOT NULL,
	"start_zone" text NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"start_name" text,
	"start_address" text,
	"start_lat" double precision,
	"start_lng" double precision,
	"start_iata" text,
	"end_local" text,
	"end_zone" text,
	"end_at" timestamp with time zone,
	"end_name" text,
	"end_address" text,
	"end_lat" double precision,
	"end_lng" double precision,
	"end_iata" text,
	"created_by" uuid,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trip_bookings_end_after_start" CHECK ("trip_bookings"."end_at" is null or "trip_bookings"."end_at" >= "trip_bookings"."start_at"),
	CONSTRAINT "trip_bookings_cost" CHECK (("trip_bookings"."cost_minor" is null) = ("trip_bookings"."cost_currency" is null))
);
--> statement-breakpoint
ALTER TABLE "trip_expenses" ADD COLUMN "booking_id" uuid;--> statement-breakpoint
ALTER TABLE "trip_bookings" ADD CONSTRAINT "trip_bookings_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_bookings" ADD CONSTRAINT "trip_bookings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trip_bookings_trip" ON "trip_bookings" USING btree ("trip_id","start_at");--> statement-breakpoint
ALTER TABLE "trip_expenses" ADD CONSTRAINT "trip_expenses_booking_id_trip_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."trip_bookings"("id") ON DELETE set null ON UPDATE no action;