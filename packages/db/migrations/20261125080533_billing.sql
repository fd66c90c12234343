CREATE TABLE "billing_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"account_id" integer,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organization_billing" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"product_plan_id" text,
	"term" text,
	"provider" text,
	"customer_id" text,
	"subscription_id" text,
	"status" text DEFAULT 'none' NOT NULL,
	"cancel_at_period_end" boolean DEFAULT false NOT NULL,
	"current_period_start" timestamp with time zone,
	"current_period_end" timestamp with time zone,
	"subscribed_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	"cancel_reason" text,
	"cancel_details" text,
	"offered_plan_id" text,
	"card_brand" text,
	"card_last4" text,
	"state_event_at" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_invoices" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"subscription_id" text,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"attempt_count" integer DEFAULT 0 NOT NULL,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"hosted_url" text,
	"event_at" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_plans" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_account_id" integer,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"monthly_cents" integer NOT NULL,
	"yearly_cents" integer NOT NULL,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"premium" boolean DEFAULT true NOT NULL,
	"visibility" text DEFAULT 'public' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_plans_prices_check" CHECK ("subscription_plans"."monthly_cents" >= 50 AND "subscription_plans"."yearly_cents" >= 50)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "organization_billing_subscription_key" ON "organization_billing" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "organization_billing_customer_idx" ON "organization_billing" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "subscription_invoices_account_idx" ON "subscription_invoices" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "subscription_plans_owner_idx" ON "subscription_plans" USING btree ("owner_account_id");