-- The checkout's SQL functions as they are now: the one place their rules live (docs/decisions/0003). Applied after
-- the migrations on every start (src/db/migrate.ts, in one transaction under an advisory lock), so a change is an edit
-- here, not another migration restating a whole function. Changing a function's arguments or result type: add a
-- migration that DROPs the old signature; this file then creates the new one.

-- Checkout's rules, once (issue 27): the holding caps, "PAY again reuses the open checkout" and the stock check were
-- written in modules/checkout/service.ts and state.ts as well as in shop_reserve_checkout. They live here alone now:
-- shop_checkout_caps is the caps, shop_checkout_verdict applies every rule to a cart; the service asks the verdict
-- before it calls the payment provider (no locks: an early answer), and shop_reserve_checkout asks it again under its
-- locks, where it decides. The numbers (caps, margin) are the service's configuration, passed in.
--
-- The caps: at most p_max_open unpaid checkouts holding stock, and at most p_max_units units held by them and the new
-- ones together, per shopper. Outcome 'too_many', 'held_units' (with the units already held) or NULL when within them.
CREATE OR REPLACE FUNCTION shop_checkout_caps(p_user_id uuid, p_units integer, p_at timestamptz, p_max_open integer, p_max_units integer)
RETURNS TABLE (outcome text, held integer) LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN count(*) >= p_max_open THEN 'too_many'
              WHEN coalesce(sum(c.units), 0) + p_units > p_max_units THEN 'held_units' END,
         coalesce(sum(c.units), 0)::integer
  FROM checkouts c
  WHERE c.user_id = p_user_id AND c.stock_state = 'reserved' AND c.payment = 'Pending' AND c.reserved_until > p_at;
$$;

--> statement-breakpoint
-- Checkout per size (issue 28). Since 0012 price and stock live on product_variants, so the checkout's functions that
-- read products.quantity (0011's shop_checkout_verdict and shop_reserve_checkout) are replaced by versions per size.
-- A cart line is {product_id, variant_id, quantity}; locks are taken on the sizes' rows in id order; a product or size
-- whose removed_at is set counts as gone. shop_checkout_caps and shop_pay_checkout read no price or stock: unchanged.
--
-- How an out-of-stock answer names a size: the product's name alone when the product has one size on sale (every
-- answer of a single-size product reads as before), else the name and the size's label ("A2 Ghee 500 ml"), unless the
-- name already ends with that label.
CREATE OR REPLACE FUNCTION shop_size_name(p_variant_id uuid) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN (SELECT count(*) FROM product_variants o WHERE o.product_id = p.id AND o.removed_at IS NULL) <= 1
      OR lower(p.name) LIKE '%' || lower(v.label) THEN p.name
    ELSE p.name || ' ' || v.label END
  FROM product_variants v JOIN products p ON p.id = v.product_id
  WHERE v.id = p_variant_id;
$$;

--> statement-breakpoint
-- An unpaid checkout as the pre-read answers it: what the caps, PAY again and its delivery snapshot need of it.
CREATE OR REPLACE FUNCTION shop_open_checkout_json(c checkouts) RETURNS json LANGUAGE sql STABLE AS $$
  SELECT json_build_object(
    'id', c.id, 'cartKey', c.cart_key, 'amountPaise', c.amount_paise, 'units', c.units,
    'reservedUntil', extract(epoch FROM c.reserved_until) * 1000,
    'deliveryName', c.delivery_name, 'deliveryPhone', c.delivery_phone, 'deliveryAddress', c.delivery_address,
    'deliveryPin', c.delivery_pin, 'deliveryState', c.delivery_state,
    'discountPaise', c.discount_paise, 'couponCode', c.coupon_code);
$$;

--> statement-breakpoint
-- What POST /orders reads before it asks the payment provider, in one call (modules/checkout/service.ts, createOrder):
-- the shopper's session columns (plugins/auth.ts sessionUserOf checks them) and delivery details, their open and
-- closed checkouts (PAY again), the cart's products with every size they have or had, and the coupon the code names;
-- no row when the shopper is gone. No locks: shop_reserve_checkout reads the caps, PAY again and the stock again under
-- its own. PL/pgSQL so its plan is kept: as one statement of four JSON subqueries it was planned on every call on
-- PGlite, which has no named statements (0.8 of its 1.8 ms there). The JSON keys are service.ts's field names.
-- p_ids: the cart's product ids (validated uuids), comma-joined; p_coupon_key: the code's key, or NULL without one.
CREATE OR REPLACE FUNCTION shop_checkout_pre_read(p_user_id uuid, p_ids text, p_at timestamptz, p_coupon_key text)
RETURNS TABLE (id uuid, name text, email text, phone text, role text, status text, token_version integer, address text,
  pin text, state text, open json, closed json, products json, coupon json)
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan STABLE AS $$
BEGIN
  RETURN QUERY
  SELECT u.id, u.name, u.email, u.phone, u.role, u.status, u.token_version, u.address, u.pin, u.state,
    (SELECT coalesce(json_agg(shop_open_checkout_json(c)), '[]'::json) FROM checkouts c
      WHERE c.user_id = u.id AND c.stock_state = 'reserved' AND c.payment = 'Pending' AND c.reserved_until > p_at),
    -- Checkouts whose payment window the shopper closed (units back in stock, still Pending), for PAY again.
    (SELECT coalesce(json_agg(shop_open_checkout_json(c)), '[]'::json) FROM checkouts c
      WHERE c.user_id = u.id AND c.stock_state = 'released' AND c.payment = 'Pending' AND c.reserved_until > p_at),
    (SELECT coalesce(json_agg(json_build_object(
        'id', p.id, 'name', p.name, 'slug', p.slug, 'image', p.image, 'hsnCode', p.hsn_code, 'gstRateBp', p.gst_rate_bp,
        'removed', p.removed_at IS NOT NULL, 'localOnly', p.local_only,
        'sizes', (SELECT coalesce(json_agg(json_build_object(
            'id', v.id, 'label', v.label, 'sku', v.sku, 'pricePaise', v.price_paise, 'quantity', v.quantity,
            'isDefault', v.is_default, 'removed', v.removed_at IS NOT NULL, 'position', v.position,
            'weightGrams', coalesce(v.weight_grams, 0))), '[]'::json)
          FROM product_variants v WHERE v.product_id = p.id))), '[]'::json)
      FROM products p WHERE p.id = ANY (string_to_array(p_ids, ',')::uuid[])),
    -- The version is updated_at itself (JSON writes it with its microseconds): the reservation refuses a coupon
    -- changed since.
    (SELECT json_build_object(
        'id', k.id, 'codeKey', k.code_key, 'kind', k.kind, 'percentBp', k.percent_bp, 'amountPaise', k.amount_paise,
        'maxDiscountPaise', k.max_discount_paise, 'minOrderPaise', k.min_order_paise, 'active', k.active,
        'startsAt', k.starts_at, 'endsAt', k.ends_at, 'version', k.updated_at)
      FROM coupons k WHERE k.code_key = p_coupon_key)
  FROM users u WHERE u.id = p_user_id;
END;
$$;

--> statement-breakpoint
-- Checkout speed (issue 28: a two-size cart checked out at a third of the one-size rate). Two costs 0013 added:
--
-- shop_checkout_verdict was a LANGUAGE sql function. The service calls it on its own, before the provider order, and
-- PostgreSQL inlines such a function into the calling statement, so the whole verdict (three CTEs, the caps, the
-- joins) was planned again on every call wherever the caller's statement is not kept prepared: on PGlite, whose
-- queries are parsed and planned each time, that planning was most of the call (1.4 ms of 1.4 ms, against 0.4 ms as
-- below). As PL/pgSQL its one statement is planned once per connection and kept, on both databases; same arguments,
-- same columns, same answers. (Kept only with plan_cache_mode = force_generic_plan, which the checkout's PL/pgSQL
-- functions set: PL/pgSQL's plan cache may otherwise choose a fresh custom plan on every call, as it did for the
-- pre-read.)
--
-- shop_reserve_checkout retried a deadlock itself, each try in a BEGIN ... EXCEPTION block: a subtransaction on every
-- reservation, deadlock or not (started, its own xid assigned for the writes, ended), which costs every checkout for
-- a case that almost never happens. The retry goes back to the caller (modules/checkout/service.ts, withConflictRetry):
-- a deadlock victim's statement is rolled back whole, which frees every row lock it took, and the service calls the
-- function again after a short random pause, at most six tries, then 503 with Retry-After, as before. The body is
-- otherwise 0013's, line for line.
-- The verdict: 0013's statement and comments hold; only the language changes.
CREATE OR REPLACE FUNCTION shop_checkout_verdict(
  p_user_id uuid, p_cart_key text, p_lines jsonb, p_units integer, p_at timestamptz, p_max_open integer, p_max_units integer, p_reuse_margin_ms integer
) RETURNS TABLE (reuse_id text, reuse_amount integer, caps text, held integer, gone_id uuid, gone_product_id uuid, short_id uuid, short_product_id uuid, short_name text, short_quantity integer)
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan STABLE AS $$
#variable_conflict use_column
BEGIN
  RETURN QUERY
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
END;
$$;

--> statement-breakpoint
-- Coupons (issue 31). A use of a coupon IS a checkout holding its code: paid (Paid, COD: to collect), or open and not
-- lapsed (an online checkout Pending with its units reserved, a COD order to confirm before its deadline). So a
-- checkout that fails, lapses (even before the sweep comes) or is cancelled before payment gives its use back at once,
-- with no count to keep in step. "Per customer" is the account or the delivery phone (shop_phone_key), so a second
-- account with the same phone is the same customer; "first order only" means no checkout of that account or phone is
-- paid or holding.
CREATE OR REPLACE FUNCTION shop_checkout_holds(p_payment text, p_stock_state text, p_reserved_until timestamptz, p_at timestamptz)
RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT p_payment IN ('Paid', 'COD: to collect')
    OR (p_payment IN ('Pending', 'COD: to confirm') AND p_stock_state = 'reserved' AND p_reserved_until > p_at);
$$;

--> statement-breakpoint
-- A coupon's uses at p_at: in all, paid, and by one customer (the account or the phone key); and whether that
-- customer has any checkout paid or holding (first order). p_except leaves one checkout out (its own use, when a
-- checkout reopens or a late payment arrives). Read without locks by the quote and the admin's list; under the
-- locks by shop_take_coupon.
CREATE OR REPLACE FUNCTION shop_coupon_uses(p_coupon_id uuid, p_user_id uuid, p_phone_key text, p_at timestamptz, p_except text)
RETURNS TABLE (total integer, mine integer, ordered boolean) LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN QUERY SELECT
    (SELECT count(*)::integer FROM checkouts c
      WHERE c.coupon_id = p_coupon_id AND shop_checkout_holds(c.payment, c.stock_state, c.reserved_until, p_at)
        AND c.id IS DISTINCT FROM p_except),
    (SELECT count(*)::integer FROM checkouts c
      WHERE (c.user_id = p_user_id OR (p_phone_key <> '' AND shop_phone_key(c.delivery_phone) = p_phone_key))
        AND c.coupon_id = p_coupon_id AND shop_checkout_holds(c.payment, c.stock_state, c.reserved_until, p_at)
        AND c.id IS DISTINCT FROM p_except),
    EXISTS (SELECT 1 FROM checkouts c
      WHERE (c.user_id = p_user_id OR (p_phone_key <> '' AND shop_phone_key(c.delivery_phone) = p_phone_key))
        AND shop_checkout_holds(c.payment, c.stock_state, c.reserved_until, p_at)
        AND c.id IS DISTINCT FROM p_except);
END;
$$;

--> statement-breakpoint
-- Takes a use of a coupon for a checkout being made (or reopened, or paid late: p_except is that checkout), counted
-- exactly: a lock on the customer's phone when the coupon limits customers (two accounts of one phone wait for each
-- other; the account's own row is already locked by the caller), then the coupon's row FOR UPDATE when it limits the
-- uses in all, and only then the count, in a statement of its own, so it sees every checkout committed before the
-- lock was granted. Lock order, after the caller's (the shopper's row, the sizes): the phone, then the coupon.
-- p_version (the coupon's updated_at as the caller priced it; NULL: not checked) refuses a coupon edited meanwhile.
-- Answers NULL when the use is taken (the caller then writes the checkout in the same transaction), else why not.
CREATE OR REPLACE FUNCTION shop_take_coupon(p_coupon_id uuid, p_version timestamptz, p_user_id uuid, p_phone text, p_at timestamptz, p_except text)
RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  k record;
  u record;
  v_key text := shop_phone_key(p_phone);
BEGIN
  SELECT * INTO k FROM coupons WHERE id = p_coupon_id;
  IF NOT FOUND OR (p_version IS NOT NULL AND k.updated_at <> p_version) THEN RETURN 'coupon_changed'; END IF;
  IF k.per_customer_limit IS NOT NULL OR k.first_order_only THEN
    PERFORM pg_advisory_xact_lock(hashtext('shop_coupon_phone:' || v_key));
  END IF;
  IF k.usage_limit IS NOT NULL THEN
    SELECT * INTO k FROM coupons WHERE id = p_coupon_id FOR UPDATE;
    IF NOT FOUND OR (p_version IS NOT NULL AND k.updated_at <> p_version) THEN RETURN 'coupon_changed'; END IF;
  END IF;
  IF p_version IS NOT NULL THEN
    IF NOT k.active THEN RETURN 'coupon_inactive'; END IF;
    IF p_at < k.starts_at THEN RETURN 'coupon_not_started'; END IF;
    IF p_at > k.ends_at THEN RETURN 'coupon_ended'; END IF;
  END IF;
  IF k.usage_limit IS NULL AND k.per_customer_limit IS NULL AND NOT k.first_order_only THEN RETURN NULL; END IF;
  SELECT * INTO u FROM shop_coupon_uses(p_coupon_id, p_user_id, v_key, p_at, p_except);
  IF k.usage_limit IS NOT NULL AND u.total >= k.usage_limit THEN RETURN 'coupon_used_up'; END IF;
  IF k.per_customer_limit IS NOT NULL AND u.mine >= k.per_customer_limit THEN RETURN 'coupon_used_by_you'; END IF;
  IF k.first_order_only AND u.ordered THEN RETURN 'coupon_first_order'; END IF;
  RETURN NULL;
END;
$$;

--> statement-breakpoint
-- The reservation, online or cash on delivery, in one call: nothing is held across a round trip. 0013's, without the
-- retry loop and its EXCEPTION block (see above); a deadlock victim is called again by the service.
--
-- Cash on delivery (p_cod_fee_paise not NULL; issue 29): first, in the same transaction, a lock on the shopper's phone
-- number (pg_advisory_xact_lock on its key, held until commit): two COD orders of one phone, from any account and any
-- server instance, are placed one after the other, so the count of open COD checkouts each one reads includes the
-- other's. Lock order: the phone, then the shopper's row, then the sizes in id order. Refusals before anything is
-- written: 'cod_returns' (the account has p_max_returns or more COD parcels returned; with returns), 'cod_open' (the
-- phone has p_max_open_per_phone open COD checkouts: to confirm and not yet lapsed, or to collect; with open_count).
-- On 'created' the checkout becomes COD (payment 'COD: to confirm', its fees; amount_paise already includes them;
-- p_reserved_until is the confirm deadline) and p_mails (a JSON array of {kind, data}) go to the outbox. A COD order
-- has no cart key: it never reuses an open online checkout of the same cart, nor is reused by one.
--
-- Coupons (issue 31, 0021): with p_coupon_id, the new checkout takes a use of the coupon in this same call
-- (shop_take_coupon, after the stock's locks), or nothing is written and the outcome says why (coupon_used_up,
-- coupon_used_by_you, coupon_first_order, coupon_changed, coupon_inactive, coupon_not_started, coupon_ended).
-- p_discount_paise is what the coupon takes off the items; each line's share is `discount_paise` in p_lines (they add
-- up to it; modules/checkout/service.ts spreads it). PAY again (reused) keeps the open checkout and its use as they are:
-- the cart key includes the coupon. p_shipping_fee_paise is the delivery fee (0018), included in p_amount_paise.
--
-- Outcomes: created, reused, no_user, too_many, held_units (with held), gone (with the size), out_of_stock (with the
-- size, its name and stock), the coupon's, and COD's; each fills only its own columns.
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
  p_reuse_margin_ms integer,
  p_shipping_fee_paise integer,
  p_coupon_id uuid,
  p_coupon_version timestamptz,
  p_coupon_code text,
  p_discount_paise integer,
  p_cod_fee_paise integer,
  p_max_open_per_phone integer,
  p_max_returns integer,
  p_mails jsonb
) RETURNS TABLE (
  outcome text,
  order_id text,
  order_number integer,
  amount_paise integer,
  phone text,
  held integer,
  product_id uuid,
  variant_id uuid,
  product_name text,
  product_quantity integer,
  open_count integer,
  returns integer
) LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  shopper record;
  v record;
  v_phone text;
BEGIN
  IF p_cod_fee_paise IS NOT NULL THEN
    SELECT shop_phone_key(u.phone) INTO v_phone FROM users u WHERE u.id = p_user_id;
    IF NOT FOUND THEN
      outcome := 'no_user';
      RETURN NEXT;
      RETURN;
    END IF;
    PERFORM pg_advisory_xact_lock(hashtext('shop_cod_phone:' || v_phone));
    -- Read after the lock: each statement sees what was committed before it, the other COD orders of this phone included.
    SELECT u.cod_returns INTO returns FROM users u WHERE u.id = p_user_id;
    IF returns >= p_max_returns THEN
      outcome := 'cod_returns';
      RETURN NEXT;
      RETURN;
    END IF;
    SELECT count(*)::integer INTO open_count FROM checkouts c
    WHERE c.payment IN ('COD: to confirm', 'COD: to collect') AND shop_phone_key(c.delivery_phone) = v_phone
      AND (c.payment = 'COD: to collect' OR c.reserved_until > p_at);
    IF open_count >= p_max_open_per_phone THEN
      outcome := 'cod_open';
      RETURN NEXT;
      RETURN;
    END IF;
  END IF;

  -- The shopper's row lock makes the caps hold across requests and instances: each statement below sees every
  -- checkout committed before it, and the next checkout of the same shopper waits for this one.
  SELECT u.name, u.phone, u.address, u.pin, u.state INTO shopper FROM users u WHERE u.id = p_user_id FOR UPDATE;
  IF NOT FOUND THEN
    outcome := 'no_user';
    RETURN NEXT;
    RETURN;
  END IF;
  -- The sizes' rows locked in id order (the sort runs before the lock), so two carts with the same sizes never
  -- deadlock; the verdict's stock check then sees the stock this takes from: all lines or none.
  PERFORM 1 FROM product_variants pv
  WHERE pv.id IN (SELECT (l ->> 'variant_id')::uuid FROM jsonb_array_elements(p_lines) l)
  ORDER BY pv.id
  FOR UPDATE;
  SELECT * INTO v FROM shop_checkout_verdict(p_user_id, p_cart_key, p_lines, p_units, p_at, p_max_open, p_max_units, p_reuse_margin_ms);
  IF v.reuse_id IS NOT NULL THEN
    outcome := 'reused';
    order_id := v.reuse_id;
    amount_paise := v.reuse_amount;
    phone := shopper.phone;
  ELSIF v.caps IS NOT NULL THEN
    outcome := v.caps;
    held := v.held;
  ELSIF v.gone_id IS NOT NULL AND (v.short_id IS NULL OR v.gone_id < v.short_id) THEN
    outcome := 'gone';
    product_id := v.gone_product_id;
    variant_id := v.gone_id;
  ELSIF v.short_id IS NOT NULL THEN
    outcome := 'out_of_stock';
    product_id := v.short_product_id;
    variant_id := v.short_id;
    product_name := v.short_name;
    product_quantity := v.short_quantity;
  ELSIF p_coupon_id IS NOT NULL THEN
    -- The coupon's use is taken here, under its own locks (shop_take_coupon): NULL when it may be used.
    outcome := shop_take_coupon(p_coupon_id, p_coupon_version, p_user_id, shopper.phone, p_at, NULL);
  END IF;
  IF outcome IS NOT NULL THEN
    RETURN NEXT;
    RETURN;
  END IF;

  INSERT INTO checkouts (id, user_id, receipt, amount_paise, currency, reserved_until, units, cart_key,
    delivery_name, delivery_phone, delivery_address, delivery_pin, delivery_state, coupon_id, coupon_code, discount_paise,
    shipping_fee_paise, created_at, updated_at)
  VALUES (p_id, p_user_id, p_receipt, p_amount_paise, 'INR', p_reserved_until, p_units, p_cart_key,
    shopper.name, shopper.phone, shopper.address, shopper.pin, shopper.state, p_coupon_id, p_coupon_code,
    coalesce(p_discount_paise, 0), coalesce(p_shipping_fee_paise, 0), p_at, p_at);
  INSERT INTO orders (checkout_id, user_id, user_name, user_email, product_id, variant_id, product_name, product_slug,
    product_image, variant_label, sku, unit_price_paise, cart_quantity, hsn_code, gst_rate_bp, discount_paise, status,
    created_at, updated_at)
  SELECT p_id, p_user_id, p_user_name, p_user_email, l.product_id, l.variant_id, l.name, l.slug,
    l.image, l.variant_label, l.sku, l.price_paise, l.quantity, l.hsn_code, l.gst_rate_bp, coalesce(l.discount_paise, 0),
    p_status, p_at, p_at
  FROM jsonb_to_recordset(p_lines) AS l(product_id uuid, variant_id uuid, quantity integer, name text, slug text,
    image text, variant_label text, sku text, price_paise integer, hsn_code text, gst_rate_bp integer, discount_paise integer);
  UPDATE product_variants pv SET quantity = pv.quantity - l.quantity
  FROM jsonb_to_recordset(p_lines) AS l(variant_id uuid, quantity integer)
  WHERE pv.id = l.variant_id;
  IF p_cod_fee_paise IS NOT NULL THEN
    UPDATE checkouts c SET payment_method = 'cod', payment = 'COD: to confirm', cod_fee_paise = p_cod_fee_paise
    WHERE c.id = p_id
    RETURNING c.order_number INTO order_number;
    INSERT INTO mail_outbox (kind, data, created_at, due_at)
    SELECT m.kind, m.data, p_at, p_at FROM jsonb_to_recordset(p_mails) AS m(kind text, data jsonb);
  END IF;
  outcome := 'created';
  order_id := p_id;
  amount_paise := p_amount_paise;
  phone := shopper.phone;
  RETURN NEXT;
END;
$$;


--> statement-breakpoint
-- A payment's common case in one call (modules/checkout/state.ts, payInOneStatement): the same single statement as
-- before, kept in a function so its plan is made once per connection instead of on every payment. Mails: a JSON array
-- of {kind, data, for_canceled_lines}, written when the checkout is paid (the last ones only if a line was canceled
-- while unpaid). Answers whether the checkout was payable and is now paid; false, having written nothing, otherwise.
-- p_session_version (the shopper's token version, with p_owner_id): the owner's session is checked in this same
-- statement, as plugins/auth.ts would have in a read of its own: the owner must be active with that token version, or
-- nothing is paid (the caller then reads the session and answers 401/403).
CREATE OR REPLACE FUNCTION shop_pay_checkout(
  p_checkout_id text,
  p_payment_id text,
  p_owner_id uuid,
  p_held boolean,
  p_invoice_prefix text,
  p_financial_year text,
  p_at timestamptz,
  p_mails jsonb,
  p_session_version integer
) RETURNS boolean LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  paid_count integer;
BEGIN
  WITH payable AS (
    SELECT c.id FROM checkouts c
    WHERE c.id = p_checkout_id AND c.payment NOT IN ('Paid', 'Refund due')
      AND (p_owner_id IS NULL OR c.user_id = p_owner_id)
      AND (NOT p_held OR c.stock_state IN ('reserved', 'sold'))
      AND (p_session_version IS NULL OR EXISTS (SELECT 1 FROM users u
        WHERE u.id = p_owner_id AND u.status = 'active' AND u.token_version = p_session_version))
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

--> statement-breakpoint
-- The next tax invoice number of a financial year (SF/2026-27/00042), as shop_pay_checkout gives one to a payment:
-- the counter row is locked until the caller's transaction ends, so no two invoices share a number and a rolled-back
-- one gives its number back. A COD checkout takes its number when it is confirmed.
CREATE OR REPLACE FUNCTION shop_next_invoice_number(p_prefix text, p_financial_year text) RETURNS text LANGUAGE sql AS $$
  INSERT INTO invoice_counters AS ic (financial_year, last_number) VALUES (p_financial_year, 1)
  ON CONFLICT (financial_year) DO UPDATE SET last_number = ic.last_number + 1
  RETURNING p_prefix || '/' || p_financial_year || '/' || lpad(ic.last_number::text, greatest(5, length(ic.last_number::text)), '0');
$$;
