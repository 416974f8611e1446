DROP INDEX "releases_ship_date_idx";--> statement-breakpoint
CREATE INDEX "order_lines_item_trgm_idx" ON "order_lines" USING gin ("item_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "order_lines_on_hand_idx" ON "order_lines" USING btree ("order_id") WHERE "order_lines"."qty_produced" > "order_lines"."qty_released";--> statement-breakpoint
CREATE INDEX "order_lines_pending_idx" ON "order_lines" USING btree ("promised_ship_date","order_id") WHERE "order_lines"."qty_ordered" > "order_lines"."qty_shipped";--> statement-breakpoint
CREATE INDEX "orders_po_trgm_idx" ON "orders" USING gin ("po_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_order_number_trgm_idx" ON "orders" USING gin (("order_number"::text) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "releases_open_idx" ON "releases" USING btree ("customer_id","requested_ship_date","id") WHERE "releases"."status" in ('requested', 'scheduled');--> statement-breakpoint
CREATE INDEX "shipment_lines_release_idx" ON "shipment_lines" USING btree ("release_id");--> statement-breakpoint
CREATE INDEX "releases_ship_date_idx" ON "releases" USING btree ("customer_id","requested_ship_date","id");