-- One short number per order for people (SF-10234): the customer, the mails, the invoice, the admin and the CSV all
-- name an order by it. Checkouts placed before this get numbers in the order they were placed.
CREATE SEQUENCE "checkout_order_number_seq" START WITH 10001;
--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "order_number" integer;
--> statement-breakpoint
UPDATE "checkouts" SET "order_number" = n."number"
  FROM (SELECT "id", nextval('checkout_order_number_seq') AS "number" FROM (SELECT "id" FROM "checkouts" ORDER BY "created_at", "id") ordered) n
  WHERE "checkouts"."id" = n."id";
--> statement-breakpoint
ALTER TABLE "checkouts" ALTER COLUMN "order_number" SET DEFAULT nextval('checkout_order_number_seq');
--> statement-breakpoint
ALTER TABLE "checkouts" ALTER COLUMN "order_number" SET NOT NULL;
--> statement-breakpoint
ALTER SEQUENCE "checkout_order_number_seq" OWNED BY "checkouts"."order_number";
--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_order_number_key" ON "checkouts" USING btree ("order_number");
