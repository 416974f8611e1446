ALTER TABLE "order_lines" ADD COLUMN "requested_ship_date" date;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "promised_ship_date" date;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD COLUMN "order_line_id" integer;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE no action ON UPDATE no action;