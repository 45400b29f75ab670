-- Stock and trust (issue 33). Sizes get a low-stock threshold and the flag that says the shop was told; the trigger
-- that decides both lives in functions/stock.sql. Sizes already at or below the new threshold count as told, so the
-- deploy mails nothing (they are on the dashboard's card).
ALTER TABLE "product_variants" ADD COLUMN "low_stock_at" integer DEFAULT 5 NOT NULL;
--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_low_stock_nonnegative" CHECK ("low_stock_at" >= 0);
--> statement-breakpoint
ALTER TABLE "product_variants" ADD COLUMN "low_stock_alerted" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
UPDATE "product_variants" SET "low_stock_alerted" = true WHERE "quantity" <= "low_stock_at";
--> statement-breakpoint
-- What the stock trigger saw: a size ran low ('low') or came back from 0 ('back'); modules/stock sends each once.
CREATE TABLE "stock_events" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "variant_id" uuid NOT NULL REFERENCES "product_variants"("id") ON DELETE cascade,
  "kind" text NOT NULL,
  "quantity" integer NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "done_at" timestamp with time zone,
  CONSTRAINT "stock_events_kind" CHECK ("kind" IN ('low', 'back'))
);
--> statement-breakpoint
CREATE INDEX "stock_events_open_idx" ON "stock_events" USING btree ("id") WHERE "done_at" IS NULL;
--> statement-breakpoint
-- "Notify me when it is back": one row per address and size. The unsubscribe token of the last mail is kept hashed.
CREATE TABLE "stock_subscriptions" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "email" text NOT NULL,
  "product_id" uuid NOT NULL REFERENCES "products"("id") ON DELETE cascade,
  "variant_id" uuid NOT NULL REFERENCES "product_variants"("id") ON DELETE cascade,
  "token_hash" text,
  "notified_at" timestamp with time zone,
  "unsubscribed_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "stock_subscriptions_variant_email_key" ON "stock_subscriptions" USING btree ("variant_id", "email");
--> statement-breakpoint
CREATE UNIQUE INDEX "stock_subscriptions_token_hash_key" ON "stock_subscriptions" USING btree ("token_hash");
--> statement-breakpoint
CREATE TABLE "reviews" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "product_id" uuid NOT NULL REFERENCES "products"("id") ON DELETE cascade,
  "user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "rating" integer NOT NULL,
  "title" text DEFAULT '' NOT NULL,
  "body" text NOT NULL,
  "status" text DEFAULT 'pending' NOT NULL,
  "verified" boolean DEFAULT false NOT NULL,
  "reply" text,
  "reason" text,
  "moderated_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "reviews_rating_range" CHECK ("rating" BETWEEN 1 AND 5),
  CONSTRAINT "reviews_status" CHECK ("status" IN ('pending', 'published', 'rejected'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_user_product_key" ON "reviews" USING btree ("user_id", "product_id");
--> statement-breakpoint
CREATE INDEX "reviews_published_idx" ON "reviews" USING btree ("product_id", "created_at") WHERE "status" = 'published';
--> statement-breakpoint
CREATE INDEX "reviews_status_idx" ON "reviews" USING btree ("status", "updated_at");
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "review_asked_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "orders_review_ask_idx" ON "orders" USING btree ("delivered_at") WHERE "status" = 'Delivered' AND "review_asked_at" IS NULL;
