CREATE TABLE "task_limits" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"business_hours" jsonb,
	"daily" jsonb,
	"concurrency_per_run" integer,
	"cooldowns" jsonb,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"organization_id" integer,
	"type" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"target" text NOT NULL,
	"context" text,
	"task_context" text,
	"message" text,
	"variables" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"greeting" text,
	"wait_to_greet" boolean DEFAULT false NOT NULL,
	"scheduled_for" timestamp with time zone DEFAULT now() NOT NULL,
	"external_task_id" text,
	"source" text DEFAULT 'api' NOT NULL,
	"batch_id" uuid,
	"attempts" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"outcome" text,
	"error_reason" text,
	"conversation_id" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "task_limits" ADD CONSTRAINT "task_limits_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tasks_account_created_at_idx" ON "tasks" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "tasks_organization_created_at_idx" ON "tasks" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE INDEX "tasks_due_idx" ON "tasks" USING btree ("state","scheduled_for");--> statement-breakpoint
CREATE INDEX "tasks_batch_idx" ON "tasks" USING btree ("batch_id");