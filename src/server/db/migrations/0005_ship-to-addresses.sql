CREATE TABLE "ship_to_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"lines" text[] NOT NULL,
	"city" text NOT NULL,
	"region" text DEFAULT '' NOT NULL,
	"postal_code" text NOT NULL,
	"country" text NOT NULL,
	"delivery_notes" text DEFAULT '' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "ship_to_addresses_lines" CHECK (cardinality("ship_to_addresses"."lines") between 1 and 3)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_to_address" jsonb;--> statement-breakpoint
ALTER TABLE "ship_to_addresses" ADD CONSTRAINT "ship_to_addresses_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ship_to_addresses_one_default_uq" ON "ship_to_addresses" USING btree ("customer_id") WHERE "ship_to_addresses"."is_default";--> statement-breakpoint
CREATE INDEX "ship_to_addresses_customer_idx" ON "ship_to_addresses" USING btree ("customer_id","id");