-- Delivery (issue 29): "local delivery only" products, the shop's delivery settings (one row; absent until the admin
-- first saves them, the code's demo defaults apply meanwhile) and the shop's corrections of the PIN code directory
-- that ships with the shop (apps/server/pincodes/india-post.tsv).
ALTER TABLE "products" ADD COLUMN "local_only" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE TABLE "delivery_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"rules" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "delivery_settings_one_row" CHECK ("id" = 1)
);
--> statement-breakpoint
CREATE TABLE "pincode_overrides" (
	"pin" text PRIMARY KEY NOT NULL,
	"state" text NOT NULL,
	"district" text DEFAULT '' NOT NULL,
	"serviceable" boolean DEFAULT true NOT NULL,
	"cod" boolean DEFAULT true NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pincode_overrides_pin_format" CHECK ("pin" ~ '^[1-9][0-9]{5}$')
);
--> statement-breakpoint
-- India Post's lists still show Leh and Kargil under Jammu and Kashmir (Ladakh is a union territory since 2019) and
-- the two old union territories merged in 2020. The directory's generator spells them as today too; the rows here
-- let the admin see them, and are what decides the state (and so CGST+SGST or IGST) should the directory lag again.
INSERT INTO "pincode_overrides" ("pin", "state", "district", "note") VALUES
	('194101', 'Ladakh', 'Leh', 'Ladakh since 2019 (India Post lists it under Jammu and Kashmir)'),
	('194104', 'Ladakh', 'Leh', 'Ladakh since 2019 (India Post lists it under Jammu and Kashmir)'),
	('194106', 'Ladakh', 'Leh', 'Ladakh since 2019 (India Post lists it under Jammu and Kashmir)'),
	('194201', 'Ladakh', 'Leh', 'Ladakh since 2019 (India Post lists it under Jammu and Kashmir)'),
	('194401', 'Ladakh', 'Leh', 'Ladakh since 2019 (India Post lists it under Jammu and Kashmir)'),
	('194402', 'Ladakh', 'Leh', 'Ladakh since 2019 (India Post lists it under Jammu and Kashmir)'),
	('194404', 'Ladakh', 'Leh', 'Ladakh since 2019 (India Post lists it under Jammu and Kashmir)'),
	('194102', 'Ladakh', 'Kargil', 'Ladakh since 2019 (India Post lists it under Jammu and Kashmir)'),
	('194103', 'Ladakh', 'Kargil', 'Ladakh since 2019 (India Post lists it under Jammu and Kashmir)'),
	('194105', 'Ladakh', 'Kargil', 'Ladakh since 2019 (India Post lists it under Jammu and Kashmir)'),
	('194109', 'Ladakh', 'Kargil', 'Ladakh since 2019 (India Post lists it under Jammu and Kashmir)'),
	('194301', 'Ladakh', 'Kargil', 'Ladakh since 2019 (India Post lists it under Jammu and Kashmir)'),
	('194302', 'Ladakh', 'Kargil', 'Ladakh since 2019 (India Post lists it under Jammu and Kashmir)'),
	('194403', 'Ladakh', 'Kargil', 'Ladakh since 2019 (India Post lists it under Jammu and Kashmir)'),
	('396230', 'Dadra and Nagar Haveli and Daman and Diu', 'Dadra & Nagar Haveli', 'One union territory since 2020 (India Post lists Dadra & Nagar Haveli)'),
	('396240', 'Dadra and Nagar Haveli and Daman and Diu', 'Dadra & Nagar Haveli', 'One union territory since 2020 (India Post lists Dadra & Nagar Haveli)'),
	('396210', 'Dadra and Nagar Haveli and Daman and Diu', 'Daman', 'One union territory since 2020 (India Post lists Daman & Diu)'),
	('396215', 'Dadra and Nagar Haveli and Daman and Diu', 'Daman', 'One union territory since 2020 (India Post lists Daman & Diu)'),
	('396220', 'Dadra and Nagar Haveli and Daman and Diu', 'Daman', 'One union territory since 2020 (India Post lists Daman & Diu)'),
	('362520', 'Dadra and Nagar Haveli and Daman and Diu', 'Diu', 'One union territory since 2020 (India Post lists Daman & Diu)'),
	('362540', 'Dadra and Nagar Haveli and Daman and Diu', 'Diu', 'One union territory since 2020 (India Post lists Daman & Diu)'),
	('362570', 'Dadra and Nagar Haveli and Daman and Diu', 'Diu', 'One union territory since 2020 (India Post lists Daman & Diu)');
--> statement-breakpoint
-- Every instance keeps the settings and the overrides in memory with the catalogue: a change drops them everywhere.
CREATE TRIGGER delivery_settings_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON delivery_settings FOR EACH STATEMENT EXECUTE FUNCTION shop_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER pincode_overrides_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON pincode_overrides FOR EACH STATEMENT EXECUTE FUNCTION shop_catalogue_changed();
