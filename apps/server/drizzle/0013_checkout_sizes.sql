-- Its functions now live in drizzle/functions/checkout.sql (applied after the migrations on every start).
-- The signatures before sizes go; functions/checkout.sql makes the new ones.
DROP FUNCTION IF EXISTS shop_reserve_checkout(text, uuid, text, text, text, integer, integer, text, jsonb, text, timestamptz, timestamptz, integer, integer, integer);
--> statement-breakpoint
DROP FUNCTION IF EXISTS shop_checkout_verdict(uuid, text, jsonb, integer, timestamptz, integer, integer, integer);
