CREATE TABLE "exchange_rates" (
	"currency" text PRIMARY KEY NOT NULL,
	"per_eur" text NOT NULL,
	"as_of" date NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trip_expense_shares" (
	"expense_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"value" text,
	"share_minor" bigint NOT NULL,
	"share_base_minor" bigint NOT NULL,
	CONSTRAINT "trip_expense_shares_expense_id_user_id_pk" PRIMARY KEY("expense_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "trip_expenses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trip_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"rate" text NOT NULL,
	"base_minor" bigint NOT NULL,
	"base_currency" text NOT NULL,
	"spent_on" date NOT NULL,
	"category" text NOT NULL,
	"paid_by" uuid NOT NULL,
	"split_kind" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"receipt_key" text,
	"receipt_type" text,
	CONSTRAINT "trip_expenses_amount_positive" CHECK ("trip_expenses"."amount_minor" > 0 and "trip_expenses"."base_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "trip_budgets" (
	"trip_id" uuid PRIMARY KEY NOT NULL,
	"base_currency" text DEFAULT 'EUR' NOT NULL,
	"planned_minor" bigint,
	"planned_categories" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"visible_to_guests" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "trip_expense_shares" ADD CONSTRAINT "trip_expense_shares_expense_id_trip_expenses_id_fk" FOREIGN KEY ("expense_id") REFERENCES "public"."trip_expenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_expenses" ADD CONSTRAINT "trip_expenses_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_expenses" ADD CONSTRAINT "trip_expenses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trip_budgets" ADD CONSTRAINT "trip_budgets_trip_id_trips_id_fk" FOREIGN KEY ("trip_id") REFERENCES "public"."trips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trip_expense_shares_user" ON "trip_expense_shares" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "trip_expenses_trip" ON "trip_expenses" USING btree ("trip_id","spent_on");