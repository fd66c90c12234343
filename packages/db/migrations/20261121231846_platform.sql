CREATE TABLE "page_visits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"page" text NOT NULL,
	"ref" text,
	"ip" "inet",
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "switchboard_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "page_visits_ip_created_at_idx" ON "page_visits" USING btree ("ip","created_at");