CREATE TABLE "order_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"name" text NOT NULL,
	"lines" jsonb NOT NULL,
	"created_by_uid" text NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "order_lists_customer_name_uq" UNIQUE("customer_id","name")
);
--> statement-breakpoint
ALTER TABLE "order_lists" ADD CONSTRAINT "order_lists_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;