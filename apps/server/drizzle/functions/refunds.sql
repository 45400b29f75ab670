-- Money back's SQL (issue 30), applied after the migrations on every start (src/db/migrate.ts).

-- The next credit note number of a financial year: its own sequence (CN/2026-27/00001, 16 characters as GST allows),
-- taken in the transaction that marks the refund processed, so a rolled-back one gives its number back.
CREATE OR REPLACE FUNCTION shop_next_credit_note_number(p_financial_year text) RETURNS text LANGUAGE sql AS $$
  INSERT INTO credit_note_counters AS cc (financial_year, last_number) VALUES (p_financial_year, 1)
  ON CONFLICT (financial_year) DO UPDATE SET last_number = cc.last_number + 1
  RETURNING 'CN/' || p_financial_year || '/' || lpad(cc.last_number::text, greatest(5, length(cc.last_number::text)), '0');
$$;

--> statement-breakpoint
-- Every change of a line's shipping status, by any path (a line, the order desk, a cancellation), is written to the
-- checkout's history, and Delivered stamps the line's delivered_at (the problem report's 48 hours). `updated_at` is the
-- app's clock (tests move it); a change that does not set it falls back to the database's.
CREATE OR REPLACE FUNCTION shop_line_status_event() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_kind text := CASE NEW.status WHEN 'Shipped' THEN 'shipped' WHEN 'Delivered' THEN 'delivered' WHEN 'Canceled' THEN 'cancelled' END;
  v_at timestamptz := CASE WHEN NEW.updated_at IS DISTINCT FROM OLD.updated_at THEN NEW.updated_at ELSE now() END;
BEGIN
  IF v_kind IS NOT NULL THEN
    INSERT INTO checkout_events (checkout_id, kind, detail, at)
    VALUES (NEW.checkout_id, v_kind,
            NEW.product_name || CASE WHEN NEW.variant_label IS NOT NULL THEN ' ' || NEW.variant_label ELSE '' END || ' x ' || NEW.cart_quantity,
            v_at);
  END IF;
  RETURN NULL;
END;
$$;

--> statement-breakpoint
CREATE OR REPLACE FUNCTION shop_line_delivered_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status = 'Delivered' AND OLD.status IS DISTINCT FROM 'Delivered' THEN
    NEW.delivered_at := CASE WHEN NEW.updated_at IS DISTINCT FROM OLD.updated_at THEN NEW.updated_at ELSE now() END;
  END IF;
  RETURN NEW;
END;
$$;

--> statement-breakpoint
CREATE OR REPLACE TRIGGER orders_status_event AFTER UPDATE OF status ON orders
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION shop_line_status_event();

--> statement-breakpoint
CREATE OR REPLACE TRIGGER orders_delivered_at BEFORE UPDATE OF status ON orders
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status) EXECUTE FUNCTION shop_line_delivered_at();
