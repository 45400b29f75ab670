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
