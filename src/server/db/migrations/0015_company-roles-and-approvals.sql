ALTER TABLE "orders" DROP CONSTRAINT "orders_status";--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_customer_iff_customer_role";--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "order_value" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "currency" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "placed_on" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "extra_role_ids" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "order_limit" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "monthly_limit" bigint;--> statement-breakpoint
CREATE INDEX "orders_placer_month_idx" ON "orders" USING btree ("created_by_uid","placed_on");--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_currency_code" CHECK ("customers"."currency" ~ '^[A-Z]{3}$');--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status" CHECK ("orders"."status" in ('AwaitingApproval', 'Submitted', 'Confirmed', 'InProduction', 'Ready', 'Shipped', 'Closed', 'Cancelled'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_extra_roles" CHECK ("users"."extra_role_ids" <@ array[5, 3, 6, 7]::integer[]
        and not ("users"."role_id" = any("users"."extra_role_ids"))
        and (cardinality("users"."extra_role_ids") = 0 or "users"."customer_id" is not null));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_limits" CHECK (("users"."order_limit" is null or "users"."order_limit" >= 0)
        and ("users"."monthly_limit" is null or "users"."monthly_limit" >= 0));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_customer_iff_customer_role" CHECK (("users"."customer_id" is not null) = ("users"."role_id" in (5, 3, 6, 7)));--> statement-breakpoint
-- Written by hand: the customer's new roles (src/shared/roles.ts), so a database that already has
-- its roles accepts people in them; the demo seed adds any role still missing the same way.
INSERT INTO "roles" ("role_id", "role_name") VALUES (5, 'Customer Administrator'), (6, 'Approver'), (7, 'Viewer') ON CONFLICT DO NOTHING;
