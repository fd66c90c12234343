ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_wallet_floor_check";--> statement-breakpoint
DROP INDEX "usage_charges_month_idx";--> statement-breakpoint
CREATE INDEX "usage_charges_conversation_idx" ON "usage_charges" USING btree ("conversation_id");--> statement-breakpoint
CREATE INDEX "usage_charges_month_idx" ON "usage_charges" USING btree ("payer_account_id","usage_key","billing_month");