-- Checkout per size (issue 28). Since 0012 price and stock live on product_variants, so the checkout's functions that
-- read products.quantity (0011's shop_checkout_verdict and shop_reserve_checkout) are replaced by versions per size.
-- A cart line is {product_id, variant_id, quantity}; locks are taken on the sizes' rows in id order; a product or size
-- whose removed_at is set counts as gone. shop_checkout_caps and shop_pay_checkout read no price or stock: unchanged.
--
-- How an out-of-stock answer names a size: the product's name alone when the product has one size on sale (every
-- answer of a single-size product reads as before), else the name and the size's label ("A2 Ghee 500 ml"), unless the
-- name already ends with that label.
CREATE FUNCTION shop_size_name(p_variant_id uuid) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN (SELECT count(*) FROM product_variants o WHERE o.product_id = p.id AND o.removed_at IS NULL) <= 1
      OR lower(p.name) LIKE '%' || lower(v.label) THEN p.name
    ELSE p.name || ' ' || v.label END
  FROM product_variants v JOIN products p ON p.id = v.product_id
  WHERE v.id = p_variant_id;
$$;
--> statement-breakpoint
DROP FUNCTION shop_reserve_checkout(text, uuid, text, text, text, integer, integer, text, jsonb, text, timestamptz, timestamptz, integer, integer, integer);
--> statement-breakpoint
DROP FUNCTION shop_checkout_verdict(uuid, text, jsonb, integer, timestamptz, integer, integer, integer);
--> statement-breakpoint
-- Every rule applied to a cart (lines: a JSON array of {product_id, variant_id, quantity}), as facts the caller orders:
--   reuse_id, reuse_amount  the shopper's open checkout of the same cart that leaves more than p_reuse_margin_ms to pay
--   caps, held              shop_checkout_caps for the cart's units
--   gone_id, gone_product_id  a size no longer on sale: missing, removed, of another product, or its product removed
--   short_id, short_product_id, short_name, short_quantity   a size with fewer units than wanted (the first by size
--                           id; of gone and short, the first by size id is the one answered)
CREATE FUNCTION shop_checkout_verdict(
  p_user_id uuid,
  p_cart_key text,
  p_lines jsonb,
  p_units integer,
  p_at timestamptz,
  p_max_open integer,
  p_max_units integer,
  p_reuse_margin_ms integer
) RETURNS TABLE (
  reuse_id text,
  reuse_amount integer,
  caps text,
  held integer,
  gone_id uuid,
  gone_product_id uuid,
  short_id uuid,
  short_product_id uuid,
  short_name text,
  short_quantity integer
) LANGUAGE sql STABLE AS $$
  WITH wanted AS (SELECT * FROM jsonb_to_recordset(p_lines) AS l(product_id uuid, variant_id uuid, quantity integer)),
  reuse AS (
    SELECT c.id, c.amount_paise FROM checkouts c
    WHERE c.user_id = p_user_id AND c.stock_state = 'reserved' AND c.payment = 'Pending' AND c.cart_key = p_cart_key
      AND c.reserved_until - p_at > make_interval(secs => p_reuse_margin_ms / 1000.0)
    LIMIT 1
  ),
  gone AS (
    SELECT w.variant_id, w.product_id FROM wanted w
    WHERE NOT EXISTS (
      SELECT 1 FROM product_variants v JOIN products p ON p.id = v.product_id
      WHERE v.id = w.variant_id AND v.product_id = w.product_id AND v.removed_at IS NULL AND p.removed_at IS NULL)
    ORDER BY w.variant_id LIMIT 1
  ),
  short AS (
    SELECT v.id, v.product_id, shop_size_name(v.id) AS name, v.quantity
    FROM wanted w JOIN product_variants v ON v.id = w.variant_id AND v.product_id = w.product_id
    WHERE v.quantity < w.quantity ORDER BY v.id LIMIT 1
  )
  SELECT (SELECT id FROM reuse), (SELECT amount_paise FROM reuse), caps.outcome, caps.held,
    (SELECT variant_id FROM gone), (SELECT product_id FROM gone),
    (SELECT id FROM short), (SELECT product_id FROM short), (SELECT name FROM short), (SELECT quantity FROM short)
  FROM shop_checkout_caps(p_user_id, p_units, p_at, p_max_open, p_max_units) caps;
$$;
--> statement-breakpoint
-- The reservation, per size: the shopper's row lock, then the sizes' rows in id order, then the verdict under them;
-- the checkout, its lines (each naming its size as sold: variant_id, variant_label, sku) and the stock taken from the
-- sizes. Lines: a JSON array of {product_id, variant_id, quantity, name, slug, image, price_paise, hsn_code,
-- gst_rate_bp, variant_label, sku}, the snapshot the amount was computed from.
--
-- A deadlock is retried here, not by the caller: each try runs in its own subtransaction (the BEGIN ... EXCEPTION
-- block), and a try PostgreSQL picks as the deadlock victim is rolled back, which releases the row locks it took, so
-- the other side goes on; after a short random pause this one tries again, at most six times in all, then the error
-- goes on (answered 503 with Retry-After). The service calls this once.
--
-- Outcomes (one row): created, reused, no_user, too_many, held_units (with held), gone (the size and its product),
-- out_of_stock (the size, its product, its name as shop_size_name says it and its stock on hand). Nothing is written
-- unless the outcome is `created`.
CREATE FUNCTION shop_reserve_checkout(
  p_id text,
  p_user_id uuid,
  p_user_name text,
  p_user_email text,
  p_receipt text,
  p_amount_paise integer,
  p_units integer,
  p_cart_key text,
  p_lines jsonb,
  p_status text,
  p_at timestamptz,
  p_reserved_until timestamptz,
  p_max_open integer,
  p_max_units integer,
  p_reuse_margin_ms integer
) RETURNS TABLE (
  outcome text,
  order_id text,
  amount_paise integer,
  phone text,
  held integer,
  product_id uuid,
  variant_id uuid,
  product_name text,
  product_quantity integer
) LANGUAGE plpgsql AS $$
DECLARE
  shopper record;
  v record;
  tries integer := 0;
  result_outcome text;
BEGIN
  LOOP
    BEGIN
      -- The shopper's row lock makes the caps hold across requests and instances: each statement below sees every
      -- checkout committed before it, and the next checkout of the same shopper waits for this one.
      SELECT u.name, u.phone, u.address, u.pin, u.state INTO shopper FROM users u WHERE u.id = p_user_id FOR UPDATE;
      IF NOT FOUND THEN
        result_outcome := 'no_user';
      ELSE
        -- The sizes' rows locked in id order (the sort runs before the lock), so two carts with the same sizes never
        -- deadlock; the verdict's stock check then sees the stock this takes from: all lines or none.
        PERFORM 1 FROM product_variants pv
        WHERE pv.id IN (SELECT (l ->> 'variant_id')::uuid FROM jsonb_array_elements(p_lines) l)
        ORDER BY pv.id
        FOR UPDATE;
        SELECT * INTO v FROM shop_checkout_verdict(p_user_id, p_cart_key, p_lines, p_units, p_at, p_max_open, p_max_units, p_reuse_margin_ms);
        IF v.reuse_id IS NOT NULL THEN
          result_outcome := 'reused';
        ELSIF v.caps IS NOT NULL THEN
          result_outcome := v.caps;
        ELSIF v.gone_id IS NOT NULL AND (v.short_id IS NULL OR v.gone_id < v.short_id) THEN
          result_outcome := 'gone';
        ELSIF v.short_id IS NOT NULL THEN
          result_outcome := 'out_of_stock';
        ELSE
          INSERT INTO checkouts (id, user_id, receipt, amount_paise, currency, reserved_until, units, cart_key,
            delivery_name, delivery_phone, delivery_address, delivery_pin, delivery_state, created_at, updated_at)
          VALUES (p_id, p_user_id, p_receipt, p_amount_paise, 'INR', p_reserved_until, p_units, p_cart_key,
            shopper.name, shopper.phone, shopper.address, shopper.pin, shopper.state, p_at, p_at);
          INSERT INTO orders (checkout_id, user_id, user_name, user_email, product_id, variant_id, product_name, product_slug,
            product_image, variant_label, sku, unit_price_paise, cart_quantity, hsn_code, gst_rate_bp, status, created_at, updated_at)
          SELECT p_id, p_user_id, p_user_name, p_user_email, l.product_id, l.variant_id, l.name, l.slug,
            l.image, l.variant_label, l.sku, l.price_paise, l.quantity, l.hsn_code, l.gst_rate_bp, p_status, p_at, p_at
          FROM jsonb_to_recordset(p_lines) AS l(product_id uuid, variant_id uuid, quantity integer, name text, slug text,
            image text, variant_label text, sku text, price_paise integer, hsn_code text, gst_rate_bp integer);
          UPDATE product_variants pv SET quantity = pv.quantity - l.quantity
          FROM jsonb_to_recordset(p_lines) AS l(variant_id uuid, quantity integer)
          WHERE pv.id = l.variant_id;
          result_outcome := 'created';
        END IF;
      END IF;
      EXIT;
    EXCEPTION WHEN deadlock_detected THEN
      tries := tries + 1;
      IF tries >= 6 THEN
        RAISE;
      END IF;
      PERFORM pg_sleep(random() * 0.015 * tries);
    END;
  END LOOP;

  IF result_outcome = 'no_user' THEN
    RETURN QUERY SELECT 'no_user'::text, NULL::text, NULL::integer, NULL::text, NULL::integer, NULL::uuid, NULL::uuid, NULL::text, NULL::integer;
  ELSIF result_outcome = 'reused' THEN
    RETURN QUERY SELECT 'reused'::text, v.reuse_id, v.reuse_amount, shopper.phone::text, NULL::integer, NULL::uuid, NULL::uuid, NULL::text, NULL::integer;
  ELSIF result_outcome IN ('too_many', 'held_units') THEN
    RETURN QUERY SELECT result_outcome, NULL::text, NULL::integer, NULL::text, v.held, NULL::uuid, NULL::uuid, NULL::text, NULL::integer;
  ELSIF result_outcome = 'gone' THEN
    RETURN QUERY SELECT 'gone'::text, NULL::text, NULL::integer, NULL::text, NULL::integer, v.gone_product_id, v.gone_id, NULL::text, NULL::integer;
  ELSIF result_outcome = 'out_of_stock' THEN
    RETURN QUERY SELECT 'out_of_stock'::text, NULL::text, NULL::integer, NULL::text, NULL::integer, v.short_product_id, v.short_id, v.short_name, v.short_quantity;
  ELSE
    RETURN QUERY SELECT 'created'::text, p_id, p_amount_paise, shopper.phone::text, NULL::integer, NULL::uuid, NULL::uuid, NULL::text, NULL::integer;
  END IF;
END;
$$;
