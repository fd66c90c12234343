CREATE TABLE "rate_limit_hits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"bucket" text NOT NULL,
	"key" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "verification_codes" ADD COLUMN "signup" jsonb;--> statement-breakpoint
CREATE INDEX "rate_limit_hits_bucket_key_expires_idx" ON "rate_limit_hits" USING btree ("bucket","key","expires_at");--> statement-breakpoint
CREATE INDEX "rate_limit_hits_expires_idx" ON "rate_limit_hits" USING btree ("expires_at");