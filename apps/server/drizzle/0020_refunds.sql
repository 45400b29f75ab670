-- Money back (issue 30): refunds through the payment provider, their credit notes' own sequence, problem reports on
-- delivered lines, and each checkout's history. Order lines learn when they were delivered (the 48-hour window of a
-- problem report) and how many of their units a partial refund already put back on the shelf.
CREATE TABLE "refunds" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "checkout_id" text NOT NULL REFERENCES "checkouts"("id") ON DELETE CASCADE,
  "payment_id" text NOT NULL,
  "amount_paise" integer NOT NULL,
  "lines" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "fees_paise" integer DEFAULT 0 NOT NULL,
  "reason" text NOT NULL,
  "restock" boolean DEFAULT false NOT NULL,
  "source" text DEFAULT 'admin' NOT NULL,
  "status" text DEFAULT 'pending' NOT NULL,
  "provider_refund_id" text,
  "idempotency_key" text NOT NULL,
  "request_hash" text NOT NULL,
  "speed_requested" text DEFAULT 'normal' NOT NULL,
  "speed_processed" text,
  "arn" text,
  "failure_reason" text,
  "attempts" integer DEFAULT 0 NOT NULL,
  "last_error" text,
  "created_by" uuid,
  "credit_note_number" text,
  "credit_note_date" timestamp with time zone,
  "processed_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "refunds_amount_positive" CHECK ("amount_paise" > 0),
  CONSTRAINT "refunds_status_known" CHECK ("status" IN ('pending', 'processed', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_checkout_key" ON "refunds" ("checkout_id", "idempotency_key");
--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_provider_refund_id_key" ON "refunds" ("provider_refund_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_credit_note_number_key" ON "refunds" ("credit_note_number");
--> statement-breakpoint
CREATE INDEX "refunds_pending_idx" ON "refunds" ("updated_at") WHERE "status" = 'pending';
--> statement-breakpoint
CREATE INDEX "refunds_created_at_idx" ON "refunds" ("created_at");
--> statement-breakpoint
CREATE TABLE "credit_note_counters" (
  "financial_year" text PRIMARY KEY NOT NULL,
  "last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkout_events" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "checkout_id" text NOT NULL REFERENCES "checkouts"("id") ON DELETE CASCADE,
  "kind" text NOT NULL,
  "detail" text,
  "at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "checkout_events_checkout_idx" ON "checkout_events" ("checkout_id", "at");
--> statement-breakpoint
CREATE TABLE "problem_reports" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "checkout_id" text NOT NULL REFERENCES "checkouts"("id") ON DELETE CASCADE,
  "line_id" uuid NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
  "user_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "message" text NOT NULL,
  "photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
  "status" text DEFAULT 'open' NOT NULL,
  "reply" text,
  "refund_id" uuid REFERENCES "refunds"("id") ON DELETE SET NULL,
  "answered_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "problem_reports_checkout_idx" ON "problem_reports" ("checkout_id");
--> statement-breakpoint
CREATE INDEX "problem_reports_open_idx" ON "problem_reports" ("created_at") WHERE "status" = 'open';
--> statement-breakpoint
CREATE UNIQUE INDEX "problem_reports_one_open_per_line" ON "problem_reports" ("line_id") WHERE "status" = 'open';
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "restocked_quantity" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
-- Lines delivered before this migration: their last change is the best guess of when.
UPDATE "orders" SET "delivered_at" = "updated_at" WHERE "status" = 'Delivered';
