-- The delivery fee of an online checkout, written with the reservation in the same call (one round trip per POST
-- /orders, as before fees): shop_reserve_checkout (0015) as it is, then, on 'created', the fee it charged.
-- amount_paise already includes the fee (the quote's total); the invoice shows it as its own line.
CREATE FUNCTION shop_reserve_online_checkout(
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
  p_shipping_fee_paise integer
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
  r record;
BEGIN
  SELECT * INTO r FROM shop_reserve_checkout(p_id, p_user_id, p_user_name, p_user_email, p_receipt, p_amount_paise, p_units,
    p_cart_key, p_lines, p_status, p_at, p_reserved_until, p_max_open, p_max_units, p_reuse_margin_ms);
  IF r.outcome = 'created' AND p_shipping_fee_paise > 0 THEN
    UPDATE checkouts c SET shipping_fee_paise = p_shipping_fee_paise WHERE c.id = p_id;
  END IF;
  RETURN QUERY SELECT r.outcome, r.order_id, r.amount_paise, r.phone, r.held, r.product_id, r.variant_id, r.product_name,
    r.product_quantity;
END;
$$;
--> statement-breakpoint

-- Sizes without a packed weight (every product from before sizes had weights, and a spec client's) would make their
-- products undeliverable now that checkout charges by weight: they count as one weight step (500 g,
-- DEFAULT_PACKED_WEIGHT_GRAMS) until the admin sets the real weight in the sizes grid.
UPDATE product_variants SET weight_grams = 500 WHERE weight_grams = 0;
