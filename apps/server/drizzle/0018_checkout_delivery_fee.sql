-- Sizes without a packed weight (every product from before sizes had weights, and a spec client's) would make their
-- products undeliverable now that checkout charges by weight: they count as one weight step (500 g,
-- DEFAULT_PACKED_WEIGHT_GRAMS) until the admin sets the real weight in the sizes grid.
UPDATE product_variants SET weight_grams = 500 WHERE weight_grams = 0;
