ALTER TABLE "audit_log" RENAME TO "events";--> statement-breakpoint
DROP INDEX "audit_log_entity_idx";--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "kind" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "by_staff" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "on_behalf" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Entries of the audit log kept before the event stream: each gets the kind its table and action
-- name; who acted stays in actor_uid, and the rest is unknown for them.
UPDATE "events" SET "kind" = CASE "entity"
  WHEN 'order_lines' THEN 'order_line.quantity_moved'
  WHEN 'request_messages' THEN 'request.message'
  WHEN 'ship_to_addresses' THEN 'address.' || "action" || 'd'
  ELSE regexp_replace("entity", 's$', '') || '.' || "action" || 'd'
END;--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "kind" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "by_staff" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "events" ALTER COLUMN "on_behalf" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "customer_id" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "subject_entity" text;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "subject_id" integer;--> statement-breakpoint
ALTER TABLE "events" ADD COLUMN "data" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "events" ADD CONSTRAINT "events_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "events_entity_idx" ON "events" USING btree ("entity","entity_id");--> statement-breakpoint
CREATE INDEX "events_subject_idx" ON "events" USING btree ("subject_entity","subject_id","id");--> statement-breakpoint
CREATE INDEX "events_customer_idx" ON "events" USING btree ("customer_id","id");