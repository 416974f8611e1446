ALTER TABLE "catalog_items" ADD COLUMN "weight_lb_per_unit" numeric(12, 4);--> statement-breakpoint
ALTER TABLE "catalog_items" ADD COLUMN "units_per_piece" integer;--> statement-breakpoint
ALTER TABLE "catalog_items" ADD COLUMN "freight_class" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_items" ADD COLUMN "nmfc" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "package_type" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "freight_class" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "nmfc" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "scac" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "trailer_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "seal_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "catalog_items" ADD CONSTRAINT "catalog_items_shipping" CHECK (("catalog_items"."weight_lb_per_unit" is null or "catalog_items"."weight_lb_per_unit" > 0) and ("catalog_items"."units_per_piece" is null or "catalog_items"."units_per_piece" > 0));