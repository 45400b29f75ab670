-- Stock alerts (issue 33): the one place that decides when a size ran low and when it came back. Every path that
-- changes a size's stock (a checkout's reservation, a lapsed or released reservation, a cancel or a return giving
-- units back, the admin's edit, a hand-run UPDATE) updates its row in product_variants, so this trigger sees them
-- all. It runs on the locked row (a BEFORE ROW trigger fires after the row lock, on the newest committed version), so
-- of concurrent sales exactly one sees the crossing. What it records goes into stock_events in the same transaction;
-- modules/stock sends each event once.
--
-- Low: at or below `low_stock_at` while `low_stock_alerted` is false -> a 'low' event and the flag set; the flag is
-- re-armed only when the size goes above its threshold again. Back: from 0 to above 0 -> a 'back' event.
CREATE OR REPLACE FUNCTION shop_stock_watch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    -- A new size the admin just made low is on the dashboard, but mails nobody.
    NEW.low_stock_alerted := NEW.quantity <= NEW.low_stock_at;
    RETURN NEW;
  END IF;
  IF NEW.removed_at IS NOT NULL THEN
    RETURN NEW;
  END IF;
  IF NEW.quantity > NEW.low_stock_at THEN
    NEW.low_stock_alerted := false;
  ELSIF NOT NEW.low_stock_alerted THEN
    NEW.low_stock_alerted := true;
    INSERT INTO stock_events (variant_id, kind, quantity) VALUES (NEW.id, 'low', NEW.quantity);
  END IF;
  IF OLD.quantity = 0 AND NEW.quantity > 0 THEN
    INSERT INTO stock_events (variant_id, kind, quantity) VALUES (NEW.id, 'back', NEW.quantity);
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER product_variants_stock_watch
  BEFORE INSERT OR UPDATE OF quantity, low_stock_at, removed_at ON product_variants
  FOR EACH ROW EXECUTE FUNCTION shop_stock_watch();
--> statement-breakpoint
-- Reviews change what product answers carry (their rating) and what the public review read shows: the read model
-- hears of it as it hears of products (0001, docs/decisions/0002).
CREATE OR REPLACE TRIGGER reviews_changed
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON reviews
  FOR EACH STATEMENT EXECUTE FUNCTION shop_catalogue_changed();
