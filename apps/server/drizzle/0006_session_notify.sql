-- Every change to a user row (password, status, role, name, a deletion) tells the API that a cached sign-in of
-- that user is out of date (plugins/auth.ts keeps them on PGlite, where the notice arrives before the write's own
-- statement resolves). Row-level: the payload is the user's id; a TRUNCATE says '*'.
CREATE FUNCTION shop_user_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('shop_sessions', '*');
  ELSE
    PERFORM pg_notify('shop_sessions', OLD.id::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER users_changed AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION shop_user_changed();
--> statement-breakpoint
CREATE TRIGGER users_truncated AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION shop_user_changed();
