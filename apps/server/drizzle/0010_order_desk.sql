-- The order desk lists checkouts newest first and filters them by day (GET /checkouts, the CSV export).
CREATE INDEX "checkouts_created_at_idx" ON "checkouts" USING btree ("created_at");
