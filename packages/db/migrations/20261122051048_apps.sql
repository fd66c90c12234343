CREATE TABLE "app_installs" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"app_id" text NOT NULL,
	"app_version" text NOT NULL,
	"app_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"installed_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custom_apps" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" integer NOT NULL,
	"app_id" text NOT NULL,
	"app_version" text NOT NULL,
	"definition" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_installs" ADD CONSTRAINT "app_installs_organization_id_accounts_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_apps" ADD CONSTRAINT "custom_apps_organization_id_accounts_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "app_installs_organization_app_idx" ON "app_installs" USING btree ("organization_id","app_id","app_version");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_apps_organization_app_idx" ON "custom_apps" USING btree ("organization_id","app_id","app_version");