CREATE TABLE "order_status_counts" (
	"customer_id" integer NOT NULL,
	"status" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "order_status_counts_customer_id_status_pk" PRIMARY KEY("customer_id","status")
);
--> statement-breakpoint
ALTER TABLE "order_status_counts" ADD CONSTRAINT "order_status_counts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_customer_number_idx" ON "orders" USING btree ("customer_id","order_number");--> statement-breakpoint
-- Written by hand (docs/decisions/026). One function for the three statement-level triggers: each
-- statement's orders, before (-1) and after (+1), summed per customer and status, and only the
-- counts that moved written, in one upsert whose rows are taken in key order (two transactions
-- then lock the counters they share in the same order). A statement-level trigger with
-- transition tables costs one upsert per statement, not one per row of a bulk insert.
CREATE FUNCTION "order_status_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO order_status_counts AS c (customer_id, status, n)
      SELECT customer_id, status, count(*)::int FROM new_orders
      GROUP BY customer_id, status ORDER BY customer_id, status
      ON CONFLICT (customer_id, status) DO UPDATE SET n = c.n + excluded.n;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO order_status_counts AS c (customer_id, status, n)
      SELECT customer_id, status, -count(*)::int FROM old_orders
      GROUP BY customer_id, status ORDER BY customer_id, status
      ON CONFLICT (customer_id, status) DO UPDATE SET n = c.n + excluded.n;
  ELSE
    INSERT INTO order_status_counts AS c (customer_id, status, n)
      SELECT customer_id, status, sum(delta)::int FROM (
        SELECT customer_id, status, -1 AS delta FROM old_orders
        UNION ALL
        SELECT customer_id, status, 1 FROM new_orders
      ) AS moved
      GROUP BY customer_id, status HAVING sum(delta) <> 0 ORDER BY customer_id, status
      ON CONFLICT (customer_id, status) DO UPDATE SET n = c.n + excluded.n;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "orders_status_counts_insert" AFTER INSERT ON "orders"
  REFERENCING NEW TABLE AS new_orders
  FOR EACH STATEMENT EXECUTE FUNCTION "order_status_counts_follow"();--> statement-breakpoint
CREATE TRIGGER "orders_status_counts_update" AFTER UPDATE ON "orders"
  REFERENCING OLD TABLE AS old_orders NEW TABLE AS new_orders
  FOR EACH STATEMENT EXECUTE FUNCTION "order_status_counts_follow"();--> statement-breakpoint
CREATE TRIGGER "orders_status_counts_delete" AFTER DELETE ON "orders"
  REFERENCING OLD TABLE AS old_orders
  FOR EACH STATEMENT EXECUTE FUNCTION "order_status_counts_follow"();--> statement-breakpoint
CREATE FUNCTION "order_status_counts_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM order_status_counts;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "orders_status_counts_truncate" AFTER TRUNCATE ON "orders"
  FOR EACH STATEMENT EXECUTE FUNCTION "order_status_counts_clear"();--> statement-breakpoint
-- The orders already there. CREATE TRIGGER waited for the writers in flight and keeps new ones
-- out until the migration commits, so each order is counted once, here or by the triggers.
INSERT INTO "order_status_counts" (customer_id, status, n)
  SELECT customer_id, status, count(*)::int FROM "orders" GROUP BY customer_id, status;
