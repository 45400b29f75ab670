-- What a coupon took off each order line, in paise (0 without one). A line's price paid is unit price x quantity minus
-- this; a refund of the line returns what was paid for it, not its list price.
ALTER TABLE "orders" ADD COLUMN "discount_paise" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_within_line" CHECK ("discount_paise" >= 0 AND "discount_paise" <= "unit_price_paise" * "cart_quantity");
