ALTER TABLE "agent_versions" ADD COLUMN "kind" text DEFAULT 'saved' NOT NULL;--> statement-breakpoint
ALTER TABLE "agent_versions" ADD COLUMN "publish_number" integer;--> statement-breakpoint
ALTER TABLE "agent_versions" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "agent_versions" ADD COLUMN "created_by_user_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_versions_publish_number_key" ON "agent_versions" USING btree ("agent_account_id","publish_number");