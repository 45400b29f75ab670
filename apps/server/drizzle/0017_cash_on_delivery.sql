-- Cash on delivery (issue 29). A checkout says how it is paid (payment_method 'online' or 'cod') and what it charges
-- besides its items (shipping_fee_paise, the delivery fee; cod_fee_paise, the COD fee): its amount_paise is the items
-- plus both fees. A COD checkout is placed without a payment provider (its id is the shop's own, cod_...), holds its
-- units with payment 'COD: to confirm' until reserved_until (the confirm deadline), and is confirmed by the one-time link
-- mailed to the shopper (only the SHA-256 of its token is kept: cod_token_hash) or by the admin: then it is
-- 'COD: to collect' (invoiced, confirmed_at), 'Paid' once delivered, or 'COD: not collected' when nothing was delivered.
-- A parcel returned to origin (shipping status Returned) counts once per checkout (returned_at) against its account
-- (users.cod_returns), which may no longer choose COD after too many.
ALTER TABLE "checkouts" ADD COLUMN "payment_method" text DEFAULT 'online' NOT NULL;
--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "shipping_fee_paise" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "cod_fee_paise" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "cod_token_hash" text;
--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "confirmed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "returned_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "cod_returns" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_fees_not_negative" CHECK ("shipping_fee_paise" >= 0 AND "cod_fee_paise" >= 0);
--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_cod_token_hash_key" ON "checkouts" ("cod_token_hash");
--> statement-breakpoint
-- A phone number as the per-phone cap compares it: its last ten digits ("+91 98765-43210" and "9876543210" alike).
CREATE FUNCTION shop_phone_key(p_phone text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT right(regexp_replace(coalesce(p_phone, ''), '[^0-9]', '', 'g'), 10);
$$;
--> statement-breakpoint
-- The open COD checkouts of a phone, found without reading every checkout.
CREATE INDEX "checkouts_open_cod_phone_idx" ON "checkouts" (shop_phone_key("delivery_phone"))
  WHERE "payment" IN ('COD: to confirm', 'COD: to collect');
--> statement-breakpoint
-- The next tax invoice number of a financial year (SF/2026-27/00042), as shop_pay_checkout gives one to a payment:
-- the counter row is locked until the caller's transaction ends, so no two invoices share a number and a rolled-back
-- one gives its number back. A COD checkout takes its number when it is confirmed.
CREATE FUNCTION shop_next_invoice_number(p_prefix text, p_financial_year text) RETURNS text LANGUAGE sql AS $$
  INSERT INTO invoice_counters AS ic (financial_year, last_number) VALUES (p_financial_year, 1)
  ON CONFLICT (financial_year) DO UPDATE SET last_number = ic.last_number + 1
  RETURNING p_prefix || '/' || p_financial_year || '/' || lpad(ic.last_number::text, greatest(5, length(ic.last_number::text)), '0');
$$;
--> statement-breakpoint
-- A COD checkout placed in one call, beside shop_reserve_checkout (which it calls, unchanged, for the shopper's row
-- lock, the caps, the stock and the rows). First, in the same transaction, a lock on the shopper's phone number
-- (pg_advisory_xact_lock on its key, held until commit): two COD orders of one phone, from any account and any server
-- instance, are placed one after the other, so the count of open COD checkouts each one reads includes the other's.
-- Lock order: the phone, then what shop_reserve_checkout locks (the shopper's row, the sizes in id order).
--
-- Refusals, before anything is written: 'cod_returns' (the account has p_max_returns or more COD parcels returned;
-- with returns), 'cod_open' (the phone has p_max_open_per_phone open COD checkouts: to confirm and not yet lapsed, or
-- to collect; with open_count), else shop_reserve_checkout's own (no_user, too_many, held_units, gone, out_of_stock).
-- On 'created' the checkout becomes COD (payment 'COD: to confirm', its fees; amount_paise already includes them),
-- and p_mails (a JSON array of {kind, data}) are written to the outbox. p_reserved_until is the confirm deadline.
CREATE FUNCTION shop_reserve_cod_checkout(
  p_id text,
  p_user_id uuid,
  p_user_name text,
  p_user_email text,
  p_receipt text,
  p_amount_paise integer,
  p_units integer,
  p_lines jsonb,
  p_status text,
  p_at timestamptz,
  p_reserved_until timestamptz,
  p_max_open integer,
  p_max_units integer,
  p_shipping_fee_paise integer,
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
) LANGUAGE plpgsql AS $$
DECLARE
  v_phone text;
  v_returns integer;
  v_open integer;
  v_number integer;
  r record;
BEGIN
  SELECT shop_phone_key(u.phone) INTO v_phone FROM users u WHERE u.id = p_user_id;
  IF NOT FOUND THEN
    RETURN QUERY SELECT 'no_user'::text, NULL::text, NULL::integer, NULL::integer, NULL::text, NULL::integer, NULL::uuid, NULL::uuid, NULL::text, NULL::integer, NULL::integer, NULL::integer;
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock(hashtext('shop_cod_phone:' || v_phone));
  -- Read after the lock: each statement sees what was committed before it, the other COD orders of this phone included.
  SELECT u.cod_returns INTO v_returns FROM users u WHERE u.id = p_user_id;
  IF v_returns >= p_max_returns THEN
    RETURN QUERY SELECT 'cod_returns'::text, NULL::text, NULL::integer, NULL::integer, NULL::text, NULL::integer, NULL::uuid, NULL::uuid, NULL::text, NULL::integer, NULL::integer, v_returns;
    RETURN;
  END IF;
  SELECT count(*)::integer INTO v_open FROM checkouts c
  WHERE c.payment IN ('COD: to confirm', 'COD: to collect') AND shop_phone_key(c.delivery_phone) = v_phone
    AND (c.payment = 'COD: to collect' OR c.reserved_until > p_at);
  IF v_open >= p_max_open_per_phone THEN
    RETURN QUERY SELECT 'cod_open'::text, NULL::text, NULL::integer, NULL::integer, NULL::text, NULL::integer, NULL::uuid, NULL::uuid, NULL::text, NULL::integer, v_open, v_returns;
    RETURN;
  END IF;
  -- No cart key: a COD order never reuses an open online checkout of the same cart (nor is reused by one).
  SELECT * INTO r FROM shop_reserve_checkout(p_id, p_user_id, p_user_name, p_user_email, p_receipt, p_amount_paise, p_units,
    NULL, p_lines, p_status, p_at, p_reserved_until, p_max_open, p_max_units, 0);
  IF r.outcome = 'created' THEN
    UPDATE checkouts c SET payment_method = 'cod', payment = 'COD: to confirm', shipping_fee_paise = p_shipping_fee_paise,
      cod_fee_paise = p_cod_fee_paise
    WHERE c.id = p_id
    RETURNING c.order_number INTO v_number;
    INSERT INTO mail_outbox (kind, data, created_at, due_at)
    SELECT m.kind, m.data, p_at, p_at FROM jsonb_to_recordset(p_mails) AS m(kind text, data jsonb);
  END IF;
  RETURN QUERY SELECT r.outcome, r.order_id, v_number, r.amount_paise, r.phone, r.held, r.product_id, r.variant_id, r.product_name,
    r.product_quantity, v_open, v_returns;
END;
$$;
