CREATE TABLE "pay_page_payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"method" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"amount_units" bigint NOT NULL,
	"fee_units" bigint,
	"payer_email" text,
	"payer_name" text,
	"note" text,
	"checkout_session_id" text,
	"provider" text,
	"payment_request" text,
	"payment_hash" text,
	"amount_sats" bigint,
	"sat_to_usd" text,
	"expires_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"receipt_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pay_page_payments_amount_check" CHECK ("pay_page_payments"."amount_units" > 0)
);
--> statement-breakpoint
CREATE TABLE "public_page_views" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"page" text NOT NULL,
	"target" text DEFAULT '' NOT NULL,
	"day" date NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "referral_invites" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"target" text NOT NULL,
	"channel" text NOT NULL,
	"invited_account_id" integer,
	"reward_id" bigint,
	"rewarded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pay_page_payments" ADD CONSTRAINT "pay_page_payments_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_page_views" ADD CONSTRAINT "public_page_views_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_invites" ADD CONSTRAINT "referral_invites_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_invites" ADD CONSTRAINT "referral_invites_invited_account_id_accounts_id_fk" FOREIGN KEY ("invited_account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pay_page_payments_checkout_key" ON "pay_page_payments" USING btree ("checkout_session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pay_page_payments_payment_hash_key" ON "pay_page_payments" USING btree ("payment_hash");--> statement-breakpoint
CREATE INDEX "pay_page_payments_account_idx" ON "pay_page_payments" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "public_page_views_key" ON "public_page_views" USING btree ("account_id","page","target","day");--> statement-breakpoint
CREATE INDEX "referral_invites_account_idx" ON "referral_invites" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "referral_invites_target_idx" ON "referral_invites" USING btree ("target");