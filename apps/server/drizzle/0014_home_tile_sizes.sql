-- A home tile sells one size of its product (issue 28): it shows that size's price and opens the product with it
-- chosen. Null (or a size no longer on sale) means the product's default size.
ALTER TABLE "home_tiles" ADD COLUMN "variant_id" uuid REFERENCES "product_variants"("id") ON DELETE set null;
