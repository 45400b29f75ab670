-- Coupons (issue 31). A code is stored as the admin typed it and compared by its key, upper(trim(code)), unique: a
-- code that exists in any letter case is a 409. Money in paise; a percent value in hundredths of a percent (12.5% is
-- 1250). starts_at/ends_at are instants (a day typed by the admin is 00:00 IST to 23:59:59.999 IST).
CREATE TABLE "coupons" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "code" text NOT NULL,
  "code_key" text NOT NULL,
  "kind" text NOT NULL,
  "percent_bp" integer DEFAULT 0 NOT NULL,
  "amount_paise" integer DEFAULT 0 NOT NULL,
  "max_discount_paise" integer,
  "min_order_paise" integer,
  "starts_at" timestamp with time zone NOT NULL,
  "ends_at" timestamp with time zone NOT NULL,
  "usage_limit" integer,
  "per_customer_limit" integer,
  "first_order_only" boolean DEFAULT false NOT NULL,
  "active" boolean DEFAULT true NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "coupons_key_is_code" CHECK ("code_key" = upper(btrim("code"))),
  CONSTRAINT "coupons_kind" CHECK ("kind" IN ('percent', 'fixed', 'free_shipping')),
  CONSTRAINT "coupons_values" CHECK ("percent_bp" BETWEEN 0 AND 10000 AND "amount_paise" >= 0
    AND coalesce("max_discount_paise", 0) >= 0 AND coalesce("min_order_paise", 0) >= 0),
  CONSTRAINT "coupons_limits" CHECK (coalesce("usage_limit", 1) >= 1 AND coalesce("per_customer_limit", 1) >= 1),
  CONSTRAINT "coupons_window" CHECK ("ends_at" >= "starts_at")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_key_key" ON "coupons" ("code_key");
--> statement-breakpoint
-- The code a checkout holds (one per checkout) and what it took off the items, in paise; the lines' shares are
-- orders.discount_paise (0019), which add up to it. A coupon that was used cannot be deleted (turn it off instead).
ALTER TABLE "checkouts" ADD COLUMN "coupon_id" uuid REFERENCES "coupons" ("id") ON DELETE RESTRICT;
--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "coupon_code" text;
--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "discount_paise" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_discount_not_negative" CHECK ("discount_paise" >= 0);
--> statement-breakpoint
-- A coupon's uses, counted under its row lock (functions/checkout.sql, shop_coupon_uses).
CREATE INDEX "checkouts_coupon_idx" ON "checkouts" ("coupon_id") WHERE "coupon_id" IS NOT NULL;
--> statement-breakpoint
-- "Per customer" and "first order only" look for a phone's checkouts, whatever their payment.
CREATE INDEX "checkouts_phone_key_idx" ON "checkouts" (shop_phone_key("delivery_phone"));
--> statement-breakpoint
-- The reservation takes the coupon (its arguments change: the old signatures go, functions/checkout.sql makes the new).
DROP FUNCTION IF EXISTS shop_reserve_checkout(text, uuid, text, text, text, integer, integer, text, jsonb, text, timestamptz, timestamptz, integer, integer, integer);
--> statement-breakpoint
DROP FUNCTION IF EXISTS shop_reserve_online_checkout(text, uuid, text, text, text, integer, integer, text, jsonb, text, timestamptz, timestamptz, integer, integer, integer, integer);
--> statement-breakpoint
DROP FUNCTION IF EXISTS shop_reserve_cod_checkout(text, uuid, text, text, text, integer, integer, jsonb, text, timestamptz, timestamptz, integer, integer, integer, integer, integer, integer, jsonb);
