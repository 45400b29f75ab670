-- Checkout's rules, once (issue 27): the holding caps, "PAY again reuses the open checkout" and the stock check were
-- written in modules/checkout/service.ts and state.ts as well as in shop_reserve_checkout. They live here alone now:
-- shop_checkout_caps is the caps, shop_checkout_verdict applies every rule to a cart; the service asks the verdict
-- before it calls the payment provider (no locks: an early answer), and shop_reserve_checkout asks it again under its
-- locks, where it decides. The numbers (caps, margin) are the service's configuration, passed in.
--
-- The caps: at most p_max_open unpaid checkouts holding stock, and at most p_max_units units held by them and the new
-- ones together, per shopper. Outcome 'too_many', 'held_units' (with the units already held) or NULL when within them.
CREATE FUNCTION shop_checkout_caps(p_user_id uuid, p_units integer, p_at timestamptz, p_max_open integer, p_max_units integer)
RETURNS TABLE (outcome text, held integer) LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN count(*) >= p_max_open THEN 'too_many'
              WHEN coalesce(sum(c.units), 0) + p_units > p_max_units THEN 'held_units' END,
         coalesce(sum(c.units), 0)::integer
  FROM checkouts c
  WHERE c.user_id = p_user_id AND c.stock_state = 'reserved' AND c.payment = 'Pending' AND c.reserved_until > p_at;
$$;
--> statement-breakpoint
-- Every rule applied to a cart (lines: a JSON array of {product_id, quantity}), as facts the caller orders:
--   reuse_id, reuse_amount  the shopper's open checkout of the same cart that leaves more than p_reuse_margin_ms to pay
--   caps, held              shop_checkout_caps for the cart's units
--   gone_id                 a product no longer in the shop
--   short_id, short_name, short_quantity   a product with fewer units than wanted (the first by id; the first by id
--                           of gone and short is the one answered)
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
  short_id uuid,
  short_name text,
  short_quantity integer
) LANGUAGE sql STABLE AS $$
  WITH wanted AS (SELECT * FROM jsonb_to_recordset(p_lines) AS l(product_id uuid, quantity integer)),
  reuse AS (
    SELECT c.id, c.amount_paise FROM checkouts c
    WHERE c.user_id = p_user_id AND c.stock_state = 'reserved' AND c.payment = 'Pending' AND c.cart_key = p_cart_key
      AND c.reserved_until - p_at > make_interval(secs => p_reuse_margin_ms / 1000.0)
    LIMIT 1
  ),
  gone AS (SELECT w.product_id FROM wanted w WHERE NOT EXISTS (SELECT 1 FROM products p WHERE p.id = w.product_id) ORDER BY w.product_id LIMIT 1),
  short AS (
    SELECT p.id, p.name, p.quantity FROM wanted w JOIN products p ON p.id = w.product_id
    WHERE p.quantity < w.quantity ORDER BY p.id LIMIT 1
  )
  SELECT (SELECT id FROM reuse), (SELECT amount_paise FROM reuse), caps.outcome, caps.held,
    (SELECT product_id FROM gone), (SELECT id FROM short), (SELECT name FROM short), (SELECT quantity FROM short)
  FROM shop_checkout_caps(p_user_id, p_units, p_at, p_max_open, p_max_units) caps;
$$;
--> statement-breakpoint
-- The reservation (0005), its rules now the verdict's: the shopper's row lock, then the products' in id order, then
-- the verdict under them.
CREATE OR REPLACE FUNCTION shop_reserve_checkout(
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
  product_name text,
  product_quantity integer
) LANGUAGE plpgsql AS $$
DECLARE
  shopper record;
  v record;
BEGIN
  -- The shopper's row lock makes the caps hold across requests and instances: each statement below sees every
  -- checkout committed before it, and the next checkout of the same shopper waits for this one.
  SELECT u.name, u.phone, u.address, u.pin, u.state INTO shopper FROM users u WHERE u.id = p_user_id FOR UPDATE;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'no_user'::text, NULL::text, NULL::integer, NULL::text, NULL::integer, NULL::uuid, NULL::text, NULL::integer;
    RETURN;
  END IF;
  -- Product rows locked in id order (the sort runs before the lock), so two carts with the same products never
  -- deadlock; the verdict's stock check then sees the stock this takes from: all lines or none.
  PERFORM 1 FROM products p
  WHERE p.id IN (SELECT (l ->> 'product_id')::uuid FROM jsonb_array_elements(p_lines) l)
  ORDER BY p.id
  FOR UPDATE;
  SELECT * INTO v FROM shop_checkout_verdict(p_user_id, p_cart_key, p_lines, p_units, p_at, p_max_open, p_max_units, p_reuse_margin_ms);

  IF v.reuse_id IS NOT NULL THEN
    RETURN QUERY SELECT 'reused'::text, v.reuse_id, v.reuse_amount, shopper.phone::text, NULL::integer, NULL::uuid, NULL::text, NULL::integer;
  ELSIF v.caps IS NOT NULL THEN
    RETURN QUERY SELECT v.caps, NULL::text, NULL::integer, NULL::text, v.held, NULL::uuid, NULL::text, NULL::integer;
  ELSIF v.gone_id IS NOT NULL AND (v.short_id IS NULL OR v.gone_id < v.short_id) THEN
    RETURN QUERY SELECT 'gone'::text, NULL::text, NULL::integer, NULL::text, NULL::integer, v.gone_id, NULL::text, NULL::integer;
  ELSIF v.short_id IS NOT NULL THEN
    RETURN QUERY SELECT 'out_of_stock'::text, NULL::text, NULL::integer, NULL::text, NULL::integer, v.short_id, v.short_name, v.short_quantity;
  ELSE
    INSERT INTO checkouts (id, user_id, receipt, amount_paise, currency, reserved_until, units, cart_key,
      delivery_name, delivery_phone, delivery_address, delivery_pin, delivery_state, created_at, updated_at)
    VALUES (p_id, p_user_id, p_receipt, p_amount_paise, 'INR', p_reserved_until, p_units, p_cart_key,
      shopper.name, shopper.phone, shopper.address, shopper.pin, shopper.state, p_at, p_at);
    INSERT INTO orders (checkout_id, user_id, user_name, user_email, product_id, product_name, product_slug, product_image,
      unit_price_paise, cart_quantity, hsn_code, gst_rate_bp, status, created_at, updated_at)
    SELECT p_id, p_user_id, p_user_name, p_user_email, l.product_id, l.name, l.slug, l.image,
      l.price_paise, l.quantity, l.hsn_code, l.gst_rate_bp, p_status, p_at, p_at
    FROM jsonb_to_recordset(p_lines) AS l(product_id uuid, quantity integer, name text, slug text, image text,
      price_paise integer, hsn_code text, gst_rate_bp integer);
    UPDATE products p SET quantity = p.quantity - l.quantity
    FROM jsonb_to_recordset(p_lines) AS l(product_id uuid, quantity integer)
    WHERE p.id = l.product_id;
    RETURN QUERY SELECT 'created'::text, p_id, p_amount_paise, shopper.phone::text, NULL::integer, NULL::uuid, NULL::text, NULL::integer;
  END IF;
END;
$$;
