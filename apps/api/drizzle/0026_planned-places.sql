ALTER TABLE "planner_items" DROP CONSTRAINT "planner_items_kind";--> statement-breakpoint
ALTER TABLE "planner_items" ADD COLUMN "place_id" uuid;--> statement-breakpoint
ALTER TABLE "planner_items" ADD CONSTRAINT "planner_items_place_id_trip_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."trip_places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "planner_items_one_per_place" ON "planner_items" USING btree ("place_id");--> statement-breakpoint
ALTER TABLE "planner_items" ADD CONSTRAINT "planner_items_kind" CHECK (("planner_items"."kind" = 'feature' and "planner_items"."feature_id" is not null and "planner_items"."place_id" is null and "planner_items"."text" is null) or ("planner_items"."kind" = 'place' and "planner_items"."place_id" is not null and "planner_items"."feature_id" is null and "planner_items"."text" is null) or ("planner_items"."kind" = 'note' and "planner_items"."feature_id" is null and "planner_items"."place_id" is null and "planner_items"."text" is not null));--> statement-breakpoint
-- Places added before they could be planned go to the end of their trip's tray, oldest first.
INSERT INTO "planner_items" ("trip_id", "kind", "place_id", "day", "position")
SELECT p."trip_id", 'place', p."id", NULL,
  (SELECT count(*) FROM "planner_items" i WHERE i."trip_id" = p."trip_id" AND i."day" IS NULL)
    + row_number() OVER (PARTITION BY p."trip_id" ORDER BY p."created_at", p."id") - 1
FROM "trip_places" p;
