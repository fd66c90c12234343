CREATE TABLE "payout_connected_accounts" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"stripe_account_id" text NOT NULL,
	"sandbox" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payouts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"channel" text NOT NULL,
	"destination" text NOT NULL,
	"amount_units" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"idempotency_key" text NOT NULL,
	"ledger_transfer_id" uuid,
	"provider" text NOT NULL,
	"sandbox" boolean NOT NULL,
	"provider_ref" text,
	"failure_reason" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "payouts_amount_check" CHECK ("payouts"."amount_units" > 0)
);
--> statement-breakpoint
ALTER TABLE "payout_connected_accounts" ADD CONSTRAINT "payout_connected_accounts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_idempotency_key" ON "payouts" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "payouts_account_idx" ON "payouts" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "payouts_provider_ref_idx" ON "payouts" USING btree ("provider_ref");