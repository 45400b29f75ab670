CREATE TABLE "extra_payments" (
	"payment_id" text PRIMARY KEY NOT NULL,
	"checkout_id" text NOT NULL,
	"status" text DEFAULT 'Refund due' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"financial_year" text PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "units" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "cart_key" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "delivery_name" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "delivery_phone" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "delivery_address" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "delivery_pin" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "delivery_state" text;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "invoice_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_due" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "hsn_code" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gst_rate_bp" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "courier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_url" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hsn_code" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "gst_rate_bp" integer;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pin" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "state" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "extra_payments" ADD CONSTRAINT "extra_payments_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "extra_payments_checkout_idx" ON "extra_payments" USING btree ("checkout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_invoice_number_key" ON "checkouts" USING btree ("invoice_number");