-- The payment checks the shopper's session in its own statement (p_session_version): one round trip less per payment.
DROP FUNCTION IF EXISTS shop_pay_checkout(text, text, uuid, boolean, text, text, timestamptz, jsonb);
--> statement-breakpoint
-- One reservation for online and cash-on-delivery checkouts (functions/checkout.sql, shop_reserve_checkout): the
-- delivery fee and the COD rules are its own arguments now, so the two wrappers that restated its parameter list go,
-- and its own old signature with them; functions/checkout.sql makes the new one.
DROP FUNCTION IF EXISTS shop_reserve_online_checkout(text, uuid, text, text, text, integer, integer, text, jsonb, text, timestamptz, timestamptz, integer, integer, integer, integer, uuid, timestamptz, text, integer);
--> statement-breakpoint
DROP FUNCTION IF EXISTS shop_reserve_cod_checkout(text, uuid, text, text, text, integer, integer, jsonb, text, timestamptz, timestamptz, integer, integer, integer, integer, integer, integer, jsonb, uuid, timestamptz, text, integer);
--> statement-breakpoint
DROP FUNCTION IF EXISTS shop_reserve_checkout(text, uuid, text, text, text, integer, integer, text, jsonb, text, timestamptz, timestamptz, integer, integer, integer, uuid, timestamptz, text, integer);
