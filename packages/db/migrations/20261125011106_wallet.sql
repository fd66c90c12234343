CREATE TABLE "wallet_invoices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"provider" text NOT NULL,
	"payment_request" text NOT NULL,
	"payment_hash" text NOT NULL,
	"amount_sats" bigint NOT NULL,
	"amount_units" bigint NOT NULL,
	"sat_to_usd" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_invoices_amount_check" CHECK ("wallet_invoices"."amount_sats" > 0 AND "wallet_invoices"."amount_units" > 0)
);
--> statement-breakpoint
CREATE TABLE "wallet_rewards" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"amount_units" bigint NOT NULL,
	"reason" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wallet_rewards_amount_check" CHECK ("wallet_rewards"."amount_units" > 0)
);
--> statement-breakpoint
ALTER TABLE "wallet_invoices" ADD CONSTRAINT "wallet_invoices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_rewards" ADD CONSTRAINT "wallet_rewards_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_invoices_payment_hash_key" ON "wallet_invoices" USING btree ("payment_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_invoices_one_pending_key" ON "wallet_invoices" USING btree ("account_id") WHERE "wallet_invoices"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "wallet_invoices_account_idx" ON "wallet_invoices" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "wallet_rewards_account_idx" ON "wallet_rewards" USING btree ("account_id","claimed_at");