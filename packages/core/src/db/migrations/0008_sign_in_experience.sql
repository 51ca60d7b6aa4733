CREATE TABLE "user_social_token_sets" (
	"tenant_id" varchar(21) NOT NULL,
	"user_id" varchar(12) NOT NULL,
	"target" varchar(128) NOT NULL,
	"connector_id" varchar(128) NOT NULL,
	"token_set_sealed" text NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_social_token_sets_tenant_id_user_id_target_pk" PRIMARY KEY("tenant_id","user_id","target")
);
--> statement-breakpoint
ALTER TABLE "user_social_token_sets" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "connectors" (
	"tenant_id" varchar(21) NOT NULL,
	"id" varchar(128) NOT NULL,
	"connector_id" varchar(128) NOT NULL,
	"type" varchar(16) NOT NULL,
	"target" varchar(128) NOT NULL,
	"config_sealed" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sync_profile" boolean DEFAULT false NOT NULL,
	"enable_token_storage" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "connectors_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "connectors" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "email_templates" (
	"tenant_id" varchar(21) NOT NULL,
	"id" varchar(21) NOT NULL,
	"language_tag" varchar(16) NOT NULL,
	"template_type" varchar(32) NOT NULL,
	"details" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_templates_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "email_templates" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "sentinel_activities" (
	"tenant_id" varchar(21) NOT NULL,
	"id" varchar(21) NOT NULL,
	"target_type" varchar(8) NOT NULL,
	"target_hash" varchar(64) NOT NULL,
	"action" varchar(32) NOT NULL,
	"result" varchar(16) NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sentinel_activities_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "sentinel_activities" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "verification_codes" (
	"tenant_id" varchar(21) NOT NULL,
	"id" varchar(21) NOT NULL,
	"identifier" varchar(140) NOT NULL,
	"usage" varchar(32) NOT NULL,
	"code_hash" varchar(64) NOT NULL,
	"try_count" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"consumed_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "verification_codes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "verification_codes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "captcha_providers" (
	"tenant_id" varchar(21) NOT NULL,
	"id" varchar(21) NOT NULL,
	"type" varchar(32) NOT NULL,
	"config_sealed" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "captcha_providers_tenant_id_pk" PRIMARY KEY("tenant_id")
);
--> statement-breakpoint
ALTER TABLE "captcha_providers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "custom_phrases" (
	"tenant_id" varchar(21) NOT NULL,
	"language_tag" varchar(16) NOT NULL,
	"translation" jsonb NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_phrases_tenant_id_language_tag_pk" PRIMARY KEY("tenant_id","language_tag")
);
--> statement-breakpoint
ALTER TABLE "custom_phrases" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "custom_profile_fields" (
	"tenant_id" varchar(21) NOT NULL,
	"id" varchar(21) NOT NULL,
	"name" varchar(128) NOT NULL,
	"type" varchar(16) NOT NULL,
	"label" varchar(128) DEFAULT '' NOT NULL,
	"description" varchar(256),
	"required" boolean DEFAULT false NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sie_order" integer NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_profile_fields_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "custom_profile_fields" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "sign_in_experiences" (
	"tenant_id" varchar(21) NOT NULL,
	"settings" jsonb NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_in_experiences_tenant_id_pk" PRIMARY KEY("tenant_id")
);
--> statement-breakpoint
ALTER TABLE "sign_in_experiences" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "user_social_token_sets" ADD CONSTRAINT "user_social_token_sets_tenant_id_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connectors" ADD CONSTRAINT "connectors_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_templates" ADD CONSTRAINT "email_templates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sentinel_activities" ADD CONSTRAINT "sentinel_activities_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_codes" ADD CONSTRAINT "verification_codes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "captcha_providers" ADD CONSTRAINT "captcha_providers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_phrases" ADD CONSTRAINT "custom_phrases_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_profile_fields" ADD CONSTRAINT "custom_profile_fields_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_experiences" ADD CONSTRAINT "sign_in_experiences_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "connectors_target" ON "connectors" USING btree ("tenant_id","type","target");--> statement-breakpoint
CREATE UNIQUE INDEX "email_templates_language_type" ON "email_templates" USING btree ("tenant_id","language_tag","template_type");--> statement-breakpoint
CREATE INDEX "sentinel_activities_target" ON "sentinel_activities" USING btree ("tenant_id","target_hash","created_at");--> statement-breakpoint
CREATE INDEX "sentinel_activities_created_at" ON "sentinel_activities" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "verification_codes_identifier" ON "verification_codes" USING btree ("tenant_id","identifier","created_at");--> statement-breakpoint
CREATE INDEX "verification_codes_expires_at" ON "verification_codes" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_profile_fields_name" ON "custom_profile_fields" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE POLICY "user_social_token_sets_tenant_isolation" ON "user_social_token_sets" AS PERMISSIVE FOR ALL TO "gatehouse_app" USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "connectors_tenant_isolation" ON "connectors" AS PERMISSIVE FOR ALL TO "gatehouse_app" USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "email_templates_tenant_isolation" ON "email_templates" AS PERMISSIVE FOR ALL TO "gatehouse_app" USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "sentinel_activities_tenant_isolation" ON "sentinel_activities" AS PERMISSIVE FOR ALL TO "gatehouse_app" USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "verification_codes_tenant_isolation" ON "verification_codes" AS PERMISSIVE FOR ALL TO "gatehouse_app" USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "captcha_providers_tenant_isolation" ON "captcha_providers" AS PERMISSIVE FOR ALL TO "gatehouse_app" USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "custom_phrases_tenant_isolation" ON "custom_phrases" AS PERMISSIVE FOR ALL TO "gatehouse_app" USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "custom_profile_fields_tenant_isolation" ON "custom_profile_fields" AS PERMISSIVE FOR ALL TO "gatehouse_app" USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "sign_in_experiences_tenant_isolation" ON "sign_in_experiences" AS PERMISSIVE FOR ALL TO "gatehouse_app" USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
-- Tenants created before the sign-in experience and connector APIs get their management scopes.
INSERT INTO scopes (tenant_id, id, resource_id, name, description)
SELECT resources.tenant_id, substr(md5(random()::text || resources.tenant_id || added.name), 1, 21), resources.id, added.name, added.description
FROM resources
CROSS JOIN (VALUES
  ('read:sign-in-experience', 'Read the sign-in experience, custom phrases, custom profile fields and captcha settings.'),
  ('write:sign-in-experience', 'Change the sign-in experience, custom phrases, custom profile fields and captcha settings.'),
  ('read:connectors', 'Read email, SMS and social connectors and email templates (never their secrets in clear).'),
  ('write:connectors', 'Create, update, test and delete connectors and email templates.')
) AS added(name, description)
WHERE resources.is_built_in
ON CONFLICT DO NOTHING;
