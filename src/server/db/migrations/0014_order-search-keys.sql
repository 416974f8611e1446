ALTER TABLE "orders" ADD COLUMN "item_numbers" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Written by hand (docs/decisions/028). The search's keys: every run of three characters of the
-- lowered text, each prefixed with the customer ("12 rsc"). A term's keys are a subset of the keys
-- of every text that holds it (ILIKE lowers both sides, as lower() does here), so `keys @> the
-- term's keys` finds a superset of the matches that the search's own ILIKE then checks; and the
-- GIN entries of one key list one customer's orders only. IMMUTABLE as pg_trgm's own lowering is:
-- it follows the database's collation, which does not change under an index.
CREATE FUNCTION "customer_trigrams"(customer_id integer, words text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT coalesce(array_agg(DISTINCT $1::text || ' ' || substr(lowered, i, 3)), '{}')
    FROM (SELECT lower($2) AS lowered) AS l, generate_series(1, length(lowered) - 2) AS i
  $$;--> statement-breakpoint
-- An order's keys: its number, PO and items, joined by the unit separator (U+001F) as
-- ITEM_NUMBERS_SEPARATOR in schema.ts; the index below and the search's query call it alike.
-- The schema is named: PostgreSQL 17 on builds indexes with only pg_catalog on the search path.
CREATE FUNCTION "order_search_keys"(customer_id integer, order_number integer, po_number text, item_numbers text)
  RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT public.customer_trigrams($1, $2::text || E'\x1f' || $3 || E'\x1f' || $4) $$;--> statement-breakpoint
-- `orders.item_numbers` follows the lines: the item numbers of each order whose lines a statement
-- inserted, deleted or moved, in line order, written only where they changed (seed:large writes
-- them with the order, so its lines change nothing).
CREATE FUNCTION "order_item_numbers_refresh"(order_ids integer[]) RETURNS void
  LANGUAGE sql
  AS $$
    UPDATE orders AS o SET item_numbers = l.item_numbers
    FROM (
      SELECT c.id, coalesce((
        SELECT string_agg(ol.item_number, E'\x1f' ORDER BY ol.line_number, ol.id)
        FROM order_lines AS ol WHERE ol.order_id = c.id), '') AS item_numbers
      FROM (SELECT DISTINCT id FROM unnest(order_ids) AS u(id) WHERE id IS NOT NULL) AS c
    ) AS l
    WHERE o.id = l.id AND o.item_numbers <> l.item_numbers
  $$;--> statement-breakpoint
-- Insert and delete: statement-level, from the transition tables (a bulk insert of 3,000 lines
-- refreshes its orders in one statement). Update: row-level, and only for a line whose item,
-- order or number moved: the quantities' many updates do not call it at all.
CREATE FUNCTION "order_item_numbers_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM order_item_numbers_refresh(ARRAY(SELECT order_id FROM new_lines));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM order_item_numbers_refresh(ARRAY(SELECT order_id FROM old_lines));
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM order_item_numbers_refresh(ARRAY[OLD.order_id, NEW.order_id]);
  ELSE
    UPDATE orders SET item_numbers = '' WHERE item_numbers <> '';
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "order_lines_item_numbers_insert" AFTER INSERT ON "order_lines"
  REFERENCING NEW TABLE AS new_lines
  FOR EACH STATEMENT EXECUTE FUNCTION "order_item_numbers_follow"();--> statement-breakpoint
CREATE TRIGGER "order_lines_item_numbers_delete" AFTER DELETE ON "order_lines"
  REFERENCING OLD TABLE AS old_lines
  FOR EACH STATEMENT EXECUTE FUNCTION "order_item_numbers_follow"();--> statement-breakpoint
CREATE TRIGGER "order_lines_item_numbers_update" AFTER UPDATE OF "item_number", "order_id", "line_number" ON "order_lines"
  FOR EACH ROW WHEN (OLD.item_number IS DISTINCT FROM NEW.item_number
    OR OLD.order_id IS DISTINCT FROM NEW.order_id OR OLD.line_number IS DISTINCT FROM NEW.line_number)
  EXECUTE FUNCTION "order_item_numbers_follow"();--> statement-breakpoint
CREATE TRIGGER "order_lines_item_numbers_truncate" AFTER TRUNCATE ON "order_lines"
  FOR EACH STATEMENT EXECUTE FUNCTION "order_item_numbers_follow"();--> statement-breakpoint
-- The lines already there. CREATE TRIGGER waited for the writers of lines in flight and keeps new
-- ones out until the migration commits, so no line is missed between this and the triggers.
UPDATE "orders" AS o SET item_numbers = l.item_numbers
FROM (
  SELECT order_id, string_agg(item_number, E'\x1f' ORDER BY line_number, id) AS item_numbers
  FROM "order_lines" GROUP BY order_id
) AS l
WHERE o.id = l.order_id;--> statement-breakpoint
CREATE INDEX "orders_search_keys_idx" ON "orders" USING gin (order_search_keys("customer_id", "order_number", "po_number", "item_numbers"));
