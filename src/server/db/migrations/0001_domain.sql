CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
CREATE TABLE "catalog_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"item_number" text NOT NULL,
	"description" text NOT NULL,
	"customer_id" integer,
	"length_16ths" integer NOT NULL,
	"width_16ths" integer NOT NULL,
	"height_16ths" integer NOT NULL,
	"unit_of_measure" text DEFAULT 'EA' NOT NULL,
	"unit_price" numeric(12, 4),
	"active" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "catalog_items_customer_item_uq" UNIQUE NULLS NOT DISTINCT("customer_id","item_number"),
	CONSTRAINT "catalog_items_dims" CHECK ("catalog_items"."length_16ths" >= 0 and "catalog_items"."width_16ths" >= 0 and "catalog_items"."height_16ths" >= 0),
	CONSTRAINT "catalog_items_price" CHECK ("catalog_items"."unit_price" is null or "catalog_items"."unit_price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"principal_uid" text NOT NULL,
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" integer,
	"body" jsonb,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_principal_uid_scope_key_pk" PRIMARY KEY("principal_uid","scope","key")
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"line_number" integer NOT NULL,
	"catalog_item_id" integer NOT NULL,
	"item_number" text NOT NULL,
	"description" text NOT NULL,
	"qty_ordered" integer NOT NULL,
	"qty_produced" integer DEFAULT 0 NOT NULL,
	"qty_released" integer DEFAULT 0 NOT NULL,
	"qty_shipped" integer DEFAULT 0 NOT NULL,
	"unit_price" numeric(12, 4),
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "order_lines_order_line_uq" UNIQUE("order_id","line_number"),
	CONSTRAINT "order_lines_quantities" CHECK ("order_lines"."qty_ordered" > 0 and "order_lines"."qty_produced" >= 0 and "order_lines"."qty_produced" <= "order_lines"."qty_ordered"
        and "order_lines"."qty_released" >= 0 and "order_lines"."qty_released" <= "order_lines"."qty_produced"
        and "order_lines"."qty_shipped" >= 0 and "order_lines"."qty_shipped" <= "order_lines"."qty_released")
);
--> statement-breakpoint
CREATE TABLE "order_status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_uid" text NOT NULL,
	"note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_number" integer DEFAULT nextval('order_number_seq') NOT NULL,
	"customer_id" integer NOT NULL,
	"po_number" text NOT NULL,
	"requested_ship_date" date,
	"ship_to" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'Submitted' NOT NULL,
	"created_by_uid" text NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "orders_order_number_unique" UNIQUE("order_number"),
	CONSTRAINT "orders_status" CHECK ("orders"."status" in ('Submitted', 'Confirmed', 'InProduction', 'Ready', 'Shipped', 'Closed', 'Cancelled'))
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"bucket" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "releases" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"qty" integer NOT NULL,
	"requested_ship_date" date NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"created_by_uid" text NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "releases_qty" CHECK ("releases"."qty" > 0),
	CONSTRAINT "releases_status" CHECK ("releases"."status" in ('requested', 'scheduled', 'shipped', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "request_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"author_uid" text NOT NULL,
	"author_name" text NOT NULL,
	"from_staff" boolean NOT NULL,
	"body" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"customer_id" integer,
	"user_id" integer,
	"requester_uid" text NOT NULL,
	"requester_email" text NOT NULL,
	"subject" text NOT NULL,
	"payload" jsonb NOT NULL,
	"quote" jsonb,
	"decision" text,
	"decision_reason" text,
	"unread_by_staff" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "requests_type" CHECK ("requests"."type" in ('quote', 'contact', 'access')),
	CONSTRAINT "requests_status" CHECK ("requests"."status" in ('new', 'in_review', 'answered', 'closed'))
);
--> statement-breakpoint
CREATE TABLE "shipment_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"shipment_id" integer NOT NULL,
	"release_id" integer NOT NULL,
	"order_line_id" integer NOT NULL,
	"qty" integer NOT NULL,
	CONSTRAINT "shipment_lines_qty" CHECK ("shipment_lines"."qty" > 0)
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"ship_date" date NOT NULL,
	"carrier" text NOT NULL,
	"tracking_number" text DEFAULT '' NOT NULL,
	"bol_number" text DEFAULT '' NOT NULL,
	"created_by_uid" text NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalog_items" ADD CONSTRAINT "catalog_items_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_catalog_item_id_catalog_items_id_fk" FOREIGN KEY ("catalog_item_id") REFERENCES "public"."catalog_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "releases" ADD CONSTRAINT "releases_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "releases" ADD CONSTRAINT "releases_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "releases" ADD CONSTRAINT "releases_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_messages" ADD CONSTRAINT "request_messages_request_id_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."requests"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_items_item_number_idx" ON "catalog_items" USING btree ("item_number","id");--> statement-breakpoint
CREATE INDEX "order_lines_item_idx" ON "order_lines" USING btree ("item_number");--> statement-breakpoint
CREATE INDEX "order_status_history_order_idx" ON "order_status_history" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "orders_customer_id_idx" ON "orders" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "orders_customer_status_idx" ON "orders" USING btree ("customer_id","status");--> statement-breakpoint
CREATE INDEX "orders_customer_po_idx" ON "orders" USING btree ("customer_id","po_number");--> statement-breakpoint
CREATE INDEX "releases_customer_idx" ON "releases" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "releases_order_idx" ON "releases" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "releases_ship_date_idx" ON "releases" USING btree ("customer_id","requested_ship_date");--> statement-breakpoint
CREATE INDEX "request_messages_request_idx" ON "request_messages" USING btree ("request_id","id");--> statement-breakpoint
CREATE INDEX "requests_status_idx" ON "requests" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "requests_customer_idx" ON "requests" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "requests_requester_idx" ON "requests" USING btree ("requester_uid","id");--> statement-breakpoint
CREATE INDEX "shipment_lines_shipment_idx" ON "shipment_lines" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "shipments_customer_idx" ON "shipments" USING btree ("customer_id","ship_date");--> statement-breakpoint
CREATE INDEX "shipments_order_idx" ON "shipments" USING btree ("order_id");