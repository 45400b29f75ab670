-- Sizes (issue 28): a product has 1 to 20 sizes, each with its own label, SKU, price, MRP, stock and packed weight.
-- Every existing product gets one default size carrying its price and stock; price and stock then live on the size only.
-- (The checkout's functions that read products.quantity are replaced in 0013, in the same migration run.)
CREATE TABLE "product_variants" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "product_id" uuid NOT NULL REFERENCES "products"("id") ON DELETE cascade,
  "label" text NOT NULL,
  "sku" text NOT NULL,
  "price_paise" integer NOT NULL,
  "mrp_paise" integer,
  "quantity" integer DEFAULT 0 NOT NULL,
  "weight_grams" integer DEFAULT 0 NOT NULL,
  "position" integer DEFAULT 0 NOT NULL,
  "is_default" boolean DEFAULT false NOT NULL,
  "removed_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "product_variants_quantity_nonnegative" CHECK ("quantity" >= 0),
  CONSTRAINT "product_variants_price_positive" CHECK ("price_paise" > 0),
  CONSTRAINT "product_variants_mrp_not_below_price" CHECK ("mrp_paise" IS NULL OR "mrp_paise" >= "price_paise"),
  CONSTRAINT "product_variants_weight_nonnegative" CHECK ("weight_grams" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_sku_key" ON "product_variants" USING btree ("sku");
--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" USING btree ("product_id", "position");
--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_one_default" ON "product_variants" USING btree ("product_id") WHERE "is_default" AND "removed_at" IS NULL;
--> statement-breakpoint
CREATE TABLE "product_skus" (
  "sku" text PRIMARY KEY NOT NULL,
  "variant_id" uuid NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- One default size per existing product: its price and stock; the label is what the name ends with when it names a
-- quantity ("… 500 ml"), else "Standard"; the SKU is made from the slug (upper case, unique because slugs are).
INSERT INTO "product_variants" ("product_id", "label", "sku", "price_paise", "quantity", "position", "is_default")
SELECT p."id",
  coalesce(substring(p."name" from '(?i)([0-9]+(?:\.[0-9]+)?\s*(?:ml|l|g|kg|gm|ltr|litre|liter))\s*$'), 'Standard'),
  upper(left(regexp_replace(p."slug", '[^A-Za-z0-9]+', '-', 'g'), 40)),
  p."price_paise", p."quantity", 0, true
FROM "products" p;
--> statement-breakpoint
INSERT INTO "product_skus" ("sku", "variant_id") SELECT "sku", "id" FROM "product_variants";
--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_quantity_nonnegative";
--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_price_positive";
--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "price_paise";
--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "quantity";
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "packer" text;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "country_of_origin" text;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "best_before" text;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "consumer_care" text;
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "removed_at" timestamp with time zone;
--> statement-breakpoint
-- Order lines name the size as sold. Lines placed before sizes were sold as the product's only size.
ALTER TABLE "orders" ADD COLUMN "variant_id" uuid REFERENCES "product_variants"("id") ON DELETE set null;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "variant_label" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "sku" text;
--> statement-breakpoint
UPDATE "orders" o SET "variant_id" = v."id" FROM "product_variants" v WHERE v."product_id" = o."product_id" AND v."is_default";
--> statement-breakpoint
ALTER TABLE "product_slug_history" ADD COLUMN "variant_id" uuid REFERENCES "product_variants"("id") ON DELETE set null;
--> statement-breakpoint
-- Stock and prices now change on the sizes: the read model hears of it as it hears of products (0001).
CREATE TRIGGER product_variants_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_variants FOR EACH STATEMENT EXECUTE FUNCTION shop_catalogue_changed();
