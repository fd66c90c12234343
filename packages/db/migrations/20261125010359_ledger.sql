CREATE TABLE "ledger_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"account_id" integer,
	"platform_name" text,
	"balance" bigint DEFAULT 0 NOT NULL,
	"pending_out" bigint DEFAULT 0 NOT NULL,
	"credit_limit" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_owner_check" CHECK (("ledger_accounts"."kind" = 'wallet' AND "ledger_accounts"."account_id" IS NOT NULL AND "ledger_accounts"."platform_name" IS NULL)
        OR ("ledger_accounts"."kind" = 'platform' AND "ledger_accounts"."platform_name" IS NOT NULL AND "ledger_accounts"."account_id" IS NULL)),
	CONSTRAINT "ledger_accounts_credit_limit_check" CHECK ("ledger_accounts"."credit_limit" >= 0 AND "ledger_accounts"."pending_out" >= 0),
	CONSTRAINT "ledger_accounts_wallet_floor_check" CHECK ("ledger_accounts"."kind" = 'platform' OR "ledger_accounts"."balance" - "ledger_accounts"."pending_out" + "ledger_accounts"."credit_limit" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"transfer_id" uuid NOT NULL,
	"ledger_account_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledger_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"from_ledger_account_id" bigint NOT NULL,
	"to_ledger_account_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "ledger_transfers_amount_check" CHECK ("ledger_transfers"."amount" > 0),
	CONSTRAINT "ledger_transfers_status_check" CHECK ("ledger_transfers"."status" IN ('posted', 'pending', 'voided'))
);
--> statement-breakpoint
CREATE TABLE "plan_assignments" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"plan_id" text NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_plans" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"owner_account_id" integer,
	"is_default" boolean DEFAULT false NOT NULL,
	"product_items" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "usage_charges" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_key" text NOT NULL,
	"account_id" integer NOT NULL,
	"payer_account_id" integer NOT NULL,
	"usage_key" text NOT NULL,
	"quantity" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"plan_id" text NOT NULL,
	"conversation_id" text,
	"billing_month" text NOT NULL,
	"transfer_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transfer_id_ledger_transfers_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."ledger_transfers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_ledger_account_id_ledger_accounts_id_fk" FOREIGN KEY ("ledger_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_from_ledger_account_id_ledger_accounts_id_fk" FOREIGN KEY ("from_ledger_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transfers" ADD CONSTRAINT "ledger_transfers_to_ledger_account_id_ledger_accounts_id_fk" FOREIGN KEY ("to_ledger_account_id") REFERENCES "public"."ledger_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "plan_assignments" ADD CONSTRAINT "plan_assignments_plan_id_price_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."price_plans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_wallet_key" ON "ledger_accounts" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_platform_key" ON "ledger_accounts" USING btree ("platform_name");--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "ledger_entries" USING btree ("ledger_account_id","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_transfer_idx" ON "ledger_entries" USING btree ("transfer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transfers_idempotency_key" ON "ledger_transfers" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "price_plans_owner_idx" ON "price_plans" USING btree ("owner_account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "usage_charges_event_key" ON "usage_charges" USING btree ("event_key");--> statement-breakpoint
CREATE INDEX "usage_charges_month_idx" ON "usage_charges" USING btree ("account_id","usage_key","billing_month");