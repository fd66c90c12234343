ALTER TABLE "accounts" ADD COLUMN "cloud_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD COLUMN "temp_user_id" integer;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD CONSTRAINT "verification_codes_temp_user_id_users_id_fk" FOREIGN KEY ("temp_user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "accounts_cloud_id_key" ON "accounts" USING btree ("cloud_id");