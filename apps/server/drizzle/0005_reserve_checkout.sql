-- Its functions now live in drizzle/functions/checkout.sql (applied after the migrations on every start).
SELECT 1;
