CREATE TABLE "catalogue_stamps" (
	"key" text PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "places" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source_key" text NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"search_name" text NOT NULL,
	"country" text NOT NULL,
	"country_code" text NOT NULL,
	"region" text,
	"region_code" text,
	"short" text DEFAULT '' NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"population" integer,
	"feature_count" integer DEFAULT 0 NOT NULL,
	"image_original" text,
	"image_photographer" text,
	"image_id" text,
	"image_source" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "features" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"place_id" uuid NOT NULL,
	"country_code" text NOT NULL,
	"region_code" text,
	"title" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"rank" integer,
	"categories" text[] NOT NULL,
	"model" text NOT NULL,
	"lat" double precision,
	"lng" double precision,
	"image_original" text,
	"source" text DEFAULT 'curated' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"title" text PRIMARY KEY NOT NULL,
	"icon" text NOT NULL,
	"subcategories" text[] NOT NULL,
	"position" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suggestions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"days" integer NOT NULL,
	"icons" text NOT NULL,
	"place_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suggestions_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "features" ADD CONSTRAINT "features_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suggestions" ADD CONSTRAINT "suggestions_place_id_places_id_fk" FOREIGN KEY ("place_id") REFERENCES "public"."places"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "places_source_key_unique" ON "places" USING btree ("source_key");--> statement-breakpoint
CREATE INDEX "places_search_name_trgm" ON "places" USING gin ("search_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "places_lookup" ON "places" USING btree ("country_code","type","search_name");--> statement-breakpoint
CREATE INDEX "places_region" ON "places" USING btree ("country_code","region_code","type");--> statement-breakpoint
CREATE INDEX "places_with_features" ON "places" USING btree ("feature_count") WHERE "places"."feature_count" > 0;--> statement-breakpoint
CREATE UNIQUE INDEX "features_key_unique" ON "features" USING btree ("key");--> statement-breakpoint
CREATE INDEX "features_place_order" ON "features" USING btree ("place_id","rank","title","id");--> statement-breakpoint
CREATE INDEX "features_country_order" ON "features" USING btree ("country_code","rank","title","id");--> statement-breakpoint
CREATE INDEX "features_region_order" ON "features" USING btree ("country_code","region_code","rank","title","id");--> statement-breakpoint
CREATE INDEX "features_categories" ON "features" USING gin ("categories");