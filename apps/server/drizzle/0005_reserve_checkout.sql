-- A checkout's reservation in one call (modules/checkout/service.ts, createOrder): the shopper's row lock, the caps
-- and "PAY again" read under it, the stock taken from every line's product (all lines or none), and the checkout and
-- its lines written. One round trip instead of six (begin, lock, read, insert, decrement, commit), and a plan that
-- PL/pgSQL keeps between calls: the hot product's row is locked only while this runs inside the database, never
-- across a network round trip. The service decides what the outcome means; the rules' numbers come from it.
--
-- Lines: a JSON array of {product_id, quantity, name, slug, image, price_paise, hsn_code, gst_rate_bp}, the
-- snapshot the amount was computed from. Outcomes (one row):
--   created      the checkout is written and its units taken
--   reused       an open checkout of the same cart leaves time to pay: answer it again (nothing written)
--   no_user      the shopper is gone
--   too_many     p_max_open unpaid checkouts already
--   held_units   the open checkouts hold `held` units, and this cart would pass p_max_units
--   gone         a product was removed (its id in product_id)
--   out_of_stock a product has fewer units than wanted (name and quantity on hand)
-- Nothing is written unless the outcome is `created`.
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
  product_name text,
  product_quantity integer
) LANGUAGE plpgsql AS $$
DECLARE
  shopper record;
  open_count integer;
  held_units integer;
  found_row record;
BEGIN
  -- The shopper's row lock makes the caps hold across requests and instances: each statement below sees every
  -- checkout committed before it, and the next checkout of the same shopper waits for this one.
  SELECT u.name, u.phone, u.address, u.pin, u.state INTO shopper FROM users u WHERE u.id = p_user_id FOR UPDATE;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'no_user'::text, NULL::text, NULL::integer, NULL::text, NULL::integer, NULL::uuid, NULL::text, NULL::integer;
    RETURN;
  END IF;

  -- PAY again for the same cart while its checkout is open and leaves time to pay: the same checkout.
  SELECT c.id, c.amount_paise INTO found_row
  FROM checkouts c
  WHERE c.user_id = p_user_id AND c.stock_state = 'reserved' AND c.payment = 'Pending' AND c.reserved_until > p_at
    AND c.cart_key = p_cart_key AND c.reserved_until - p_at > make_interval(secs => p_reuse_margin_ms / 1000.0)
  LIMIT 1;
  IF FOUND THEN
    RETURN QUERY SELECT 'reused'::text, found_row.id::text, found_row.amount_paise::integer, shopper.phone::text, NULL::integer, NULL::uuid, NULL::text, NULL::integer;
    RETURN;
  END IF;

  SELECT count(*)::integer, coalesce(sum(c.units), 0)::integer INTO open_count, held_units
  FROM checkouts c
  WHERE c.user_id = p_user_id AND c.stock_state = 'reserved' AND c.payment = 'Pending' AND c.reserved_until > p_at;
  IF open_count >= p_max_open THEN
    RETURN QUERY SELECT 'too_many'::text, NULL::text, NULL::integer, NULL::text, NULL::integer, NULL::uuid, NULL::text, NULL::integer;
    RETURN;
  END IF;
  IF held_units + p_units > p_max_units THEN
    RETURN QUERY SELECT 'held_units'::text, NULL::text, NULL::integer, NULL::text, held_units, NULL::uuid, NULL::text, NULL::integer;
    RETURN;
  END IF;

  -- Product rows locked in id order (the sort runs before the lock), so two carts with the same products never
  -- deadlock; then every line is checked before anything is taken: all lines or none.
  PERFORM 1 FROM products p
  WHERE p.id IN (SELECT (l ->> 'product_id')::uuid FROM jsonb_array_elements(p_lines) l)
  ORDER BY p.id
  FOR UPDATE;
  SELECT l.product_id, p.id AS present, p.name, p.quantity INTO found_row
  FROM jsonb_to_recordset(p_lines) AS l(product_id uuid, quantity integer)
  LEFT JOIN products p ON p.id = l.product_id
  WHERE p.id IS NULL OR p.quantity < l.quantity
  ORDER BY l.product_id
  LIMIT 1;
  IF FOUND THEN
    IF found_row.present IS NULL THEN
      RETURN QUERY SELECT 'gone'::text, NULL::text, NULL::integer, NULL::text, NULL::integer, found_row.product_id::uuid, NULL::text, NULL::integer;
    ELSE
      RETURN QUERY SELECT 'out_of_stock'::text, NULL::text, NULL::integer, NULL::text, NULL::integer, found_row.product_id::uuid, found_row.name::text, found_row.quantity::integer;
    END IF;
    RETURN;
  END IF;

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
END;
$$;
--> statement-breakpoint
-- A payment's common case in one call (modules/checkout/state.ts, payInOneStatement): the same single statement as
-- before, kept in a function so its plan is made once per connection instead of on every payment. Mails: a JSON array
-- of {kind, data, for_canceled_lines}, written when the checkout is paid (the last ones only if a line was canceled
-- while unpaid). Answers whether the checkout was payable and is now paid; false, having written nothing, otherwise.
CREATE FUNCTION shop_pay_checkout(
  p_checkout_id text,
  p_payment_id text,
  p_owner_id uuid,
  p_held boolean,
  p_invoice_prefix text,
  p_financial_year text,
  p_at timestamptz,
  p_mails jsonb
) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  paid_count integer;
BEGIN
  WITH payable AS (
    SELECT c.id FROM checkouts c
    WHERE c.id = p_checkout_id AND c.payment NOT IN ('Paid', 'Refund due')
      AND (p_owner_id IS NULL OR c.user_id = p_owner_id)
      AND (NOT p_held OR c.stock_state IN ('reserved', 'sold'))
    FOR UPDATE
  ),
  lines AS (
    UPDATE orders o
    SET status = CASE WHEN o.status = 'Awaiting payment' THEN 'Processing' ELSE o.status END,
      refund_due = o.refund_due OR o.status = 'Canceled',
      updated_at = CASE WHEN o.status IN ('Awaiting payment', 'Canceled') THEN p_at ELSE o.updated_at END
    WHERE o.checkout_id = (SELECT id FROM payable)
    RETURNING o.status
  ),
  tally AS (SELECT count(*) AS all_lines, count(*) FILTER (WHERE status = 'Canceled') AS canceled FROM lines),
  counter AS (
    INSERT INTO invoice_counters AS ic (financial_year, last_number)
    SELECT p_financial_year, 1 FROM tally WHERE tally.all_lines > tally.canceled
    ON CONFLICT (financial_year) DO UPDATE SET last_number = ic.last_number + 1
    RETURNING ic.last_number
  ),
  paid AS (
    UPDATE checkouts c
    SET payment = 'Paid', payment_id = p_payment_id, stock_state = 'sold', paid_at = p_at, updated_at = p_at,
      invoice_number = (
        SELECT p_invoice_prefix || '/' || p_financial_year || '/'
          || lpad(counter.last_number::text, greatest(5, length(counter.last_number::text)), '0')
        FROM counter)
    WHERE c.id = (SELECT id FROM payable)
    RETURNING c.id
  ),
  mails AS (
    INSERT INTO mail_outbox (kind, data, created_at, due_at)
    SELECT m.kind, m.data, p_at, p_at
    FROM jsonb_to_recordset(p_mails) AS m(kind text, data jsonb, for_canceled_lines boolean)
    CROSS JOIN paid CROSS JOIN tally
    WHERE NOT m.for_canceled_lines OR tally.canceled > 0
  )
  SELECT count(*) INTO paid_count FROM paid;
  RETURN paid_count > 0;
END;
$$;
