-- Every write to what the storefront reads (admin edits, stock taken or given back by checkouts, lapsed
-- reservations, a hand-run UPDATE) tells each API instance to drop its in-memory catalogue answers.
-- Statement-level, so a bulk change is one notice; PostgreSQL folds equal notices of one transaction into one.
CREATE FUNCTION shop_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('shop_catalogue', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER categories_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories FOR EACH STATEMENT EXECUTE FUNCTION shop_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER solutions_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON solutions FOR EACH STATEMENT EXECUTE FUNCTION shop_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER products_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products FOR EACH STATEMENT EXECUTE FUNCTION shop_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER product_solutions_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_solutions FOR EACH STATEMENT EXECUTE FUNCTION shop_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER blogs_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON blogs FOR EACH STATEMENT EXECUTE FUNCTION shop_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER sliders_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sliders FOR EACH STATEMENT EXECUTE FUNCTION shop_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER exchange_rates_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON exchange_rates FOR EACH STATEMENT EXECUTE FUNCTION shop_catalogue_changed();
