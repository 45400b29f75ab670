CREATE TABLE "home_tiles" (
	"position" integer PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"video" text NOT NULL,
	"product_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "home_tiles_position_range" CHECK ("home_tiles"."position" BETWEEN 1 AND 3)
);
--> statement-breakpoint
ALTER TABLE "home_tiles" ADD CONSTRAINT "home_tiles_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE TRIGGER home_tiles_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON home_tiles FOR EACH STATEMENT EXECUTE FUNCTION shop_catalogue_changed();
--> statement-breakpoint
-- The three tiles the shop has always shown (SPEC: prices 595, 595 and 995), now each linked to the product it
-- sells. A shop seeded before this has the demo products by these slugs; an empty one gets them from the demo seed.
INSERT INTO "home_tiles" ("position", "title", "video", "product_id") VALUES
  (1, 'A2 Cow Ghee', 'a2-cow-ghee', (SELECT "id" FROM "products" WHERE "slug" = 'a2-gir-cow-bilona-ghee-250-ml')),
  (2, 'Ayurvedic Hair Oil', 'herbal-hair-oil',
    (SELECT "id" FROM "products" WHERE "slug" IN ('bhringraj-ayurvedic-hair-oil-200-ml', 'bhringraj-ayurvedic-hair-oil-100-ml') ORDER BY "slug" DESC LIMIT 1)),
  (3, 'Bilona Ghee 500 ml', 'bilona-ghee', (SELECT "id" FROM "products" WHERE "slug" = 'a2-gir-cow-bilona-ghee-500-ml'));
