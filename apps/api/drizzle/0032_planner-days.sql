CREATE TABLE "planner_days" (
	"trip_id" uuid NOT NULL,
	"day" date NOT NULL,
	"start" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "planner_days_trip_id_day_pk" PRIMARY KEY("trip_id","day")
);
--> statement-breakpoint
ALTER TABLE "planner_days" ADD CONSTRAINT "planner_days_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;