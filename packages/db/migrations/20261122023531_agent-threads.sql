CREATE TABLE "agent_threads" (
	"conversation_uuid" text PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"room_id" text NOT NULL,
	"history" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tool_state" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"usage" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_threads" ADD CONSTRAINT "agent_threads_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;