CREATE TABLE "integration_clients" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"scopes" text[] NOT NULL,
	"created_by_uid" text NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_updated_date" timestamp with time zone DEFAULT now() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "integration_clients_name_uq" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "integration_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"client_id" integer NOT NULL,
	"prefix" text NOT NULL,
	"secret_hash" text NOT NULL,
	"created_by_uid" text NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by_uid" text,
	CONSTRAINT "integration_keys_secret_hash_uq" UNIQUE("secret_hash")
);
--> statement-breakpoint
ALTER TABLE "catalog_items" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "actor_client_id" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "tx_id" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "pieces" integer;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "weight_lb" numeric(12, 3);--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "integration_keys" ADD CONSTRAINT "integration_keys_client_id_integration_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."integration_clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "integration_keys_client_idx" ON "integration_keys" USING btree ("client_id","id");--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_actor_client_id_integration_clients_id_fk" FOREIGN KEY ("actor_client_id") REFERENCES "public"."integration_clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "catalog_items_external_id_uq" ON "catalog_items" USING btree ("external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_external_id_uq" ON "customers" USING btree ("external_id");--> statement-breakpoint
CREATE INDEX "events_feed_idx" ON "events" USING btree ("tx_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_lines_external_id_uq" ON "order_lines" USING btree ("external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_external_id_uq" ON "orders" USING btree ("external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "releases_external_id_uq" ON "releases" USING btree ("external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_external_id_uq" ON "shipments" USING btree ("external_id");--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_pieces" CHECK ("shipments"."pieces" is null or "shipments"."pieces" > 0);--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_weight" CHECK ("shipments"."weight_lb" is null or "shipments"."weight_lb" > 0);