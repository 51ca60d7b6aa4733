CREATE TABLE "application_secrets" (
	"tenant_id" varchar(21) NOT NULL,
	"application_id" varchar(21) NOT NULL,
	"name" varchar(256) NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp (3) with time zone,
	CONSTRAINT "application_secrets_tenant_id_application_id_name_pk" PRIMARY KEY("tenant_id","application_id","name")
);
--> statement-breakpoint
ALTER TABLE "application_secrets" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "applications" (
	"tenant_id" varchar(21) NOT NULL,
	"id" varchar(21) NOT NULL,
	"name" varchar(256) NOT NULL,
	"secret" text NOT NULL,
	"description" text,
	"type" varchar(32) NOT NULL,
	"oidc_client_metadata" jsonb NOT NULL,
	"custom_client_metadata" jsonb NOT NULL,
	"protected_app_metadata" jsonb,
	"custom_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_third_party" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applications_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "applications" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "resources" (
	"tenant_id" varchar(21) NOT NULL,
	"id" varchar(21) NOT NULL,
	"name" varchar(256) NOT NULL,
	"indicator" varchar(256) NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"access_token_ttl" integer DEFAULT 3600 NOT NULL,
	"is_built_in" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resources_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "resources" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "scopes" (
	"tenant_id" varchar(21) NOT NULL,
	"id" varchar(21) NOT NULL,
	"resource_id" varchar(21) NOT NULL,
	"name" varchar(256) NOT NULL,
	"description" text,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scopes_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "scopes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "applications_roles" (
	"tenant_id" varchar(21) NOT NULL,
	"application_id" varchar(21) NOT NULL,
	"role_id" varchar(21) NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applications_roles_tenant_id_application_id_role_id_pk" PRIMARY KEY("tenant_id","application_id","role_id")
);
--> statement-breakpoint
ALTER TABLE "applications_roles" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "roles" (
	"tenant_id" varchar(21) NOT NULL,
	"id" varchar(21) NOT NULL,
	"name" varchar(128) NOT NULL,
	"description" varchar(128) NOT NULL,
	"type" varchar(32) NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"is_built_in" boolean DEFAULT false NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roles_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "roles" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "roles_scopes" (
	"tenant_id" varchar(21) NOT NULL,
	"role_id" varchar(21) NOT NULL,
	"scope_id" varchar(21) NOT NULL,
	CONSTRAINT "roles_scopes_tenant_id_role_id_scope_id_pk" PRIMARY KEY("tenant_id","role_id","scope_id")
);
--> statement-breakpoint
ALTER TABLE "roles_scopes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "oidc_keys" (
	"tenant_id" varchar(21) NOT NULL,
	"id" varchar(64) NOT NULL,
	"type" varchar(16) NOT NULL,
	"algorithm" varchar(16),
	"secret" text NOT NULL,
	"public_jwk" jsonb,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "oidc_keys_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "oidc_keys" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "tenants" (
	"id" varchar(21) PRIMARY KEY NOT NULL,
	"name" varchar(128) NOT NULL,
	"tag" varchar(32) DEFAULT 'development' NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oidc_model_instances" (
	"tenant_id" varchar(21) NOT NULL,
	"model_name" varchar(64) NOT NULL,
	"id" varchar(128) NOT NULL,
	"payload" jsonb NOT NULL,
	"expires_at" timestamp (3) with time zone NOT NULL,
	"consumed_at" timestamp (3) with time zone,
	CONSTRAINT "oidc_model_instances_tenant_id_model_name_id_pk" PRIMARY KEY("tenant_id","model_name","id")
);
--> statement-breakpoint
ALTER TABLE "oidc_model_instances" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "application_secrets" ADD CONSTRAINT "application_secrets_tenant_id_application_id_applications_tenant_id_id_fk" FOREIGN KEY ("tenant_id","application_id") REFERENCES "public"."applications"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resources" ADD CONSTRAINT "resources_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scopes" ADD CONSTRAINT "scopes_tenant_id_resource_id_resources_tenant_id_id_fk" FOREIGN KEY ("tenant_id","resource_id") REFERENCES "public"."resources"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications_roles" ADD CONSTRAINT "applications_roles_tenant_id_application_id_applications_tenant_id_id_fk" FOREIGN KEY ("tenant_id","application_id") REFERENCES "public"."applications"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications_roles" ADD CONSTRAINT "applications_roles_tenant_id_role_id_roles_tenant_id_id_fk" FOREIGN KEY ("tenant_id","role_id") REFERENCES "public"."roles"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles" ADD CONSTRAINT "roles_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles_scopes" ADD CONSTRAINT "roles_scopes_tenant_id_role_id_roles_tenant_id_id_fk" FOREIGN KEY ("tenant_id","role_id") REFERENCES "public"."roles"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roles_scopes" ADD CONSTRAINT "roles_scopes_tenant_id_scope_id_scopes_tenant_id_id_fk" FOREIGN KEY ("tenant_id","scope_id") REFERENCES "public"."scopes"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oidc_keys" ADD CONSTRAINT "oidc_keys_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "oidc_model_instances" ADD CONSTRAINT "oidc_model_instances_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applications_tenant_created_at" ON "applications" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "resources_tenant_indicator" ON "resources" USING btree ("tenant_id","indicator");--> statement-breakpoint
CREATE UNIQUE INDEX "resources_tenant_single_default" ON "resources" USING btree ("tenant_id") WHERE is_default;--> statement-breakpoint
CREATE UNIQUE INDEX "scopes_tenant_resource_name" ON "scopes" USING btree ("tenant_id","resource_id","name");--> statement-breakpoint
CREATE INDEX "applications_roles_role" ON "applications_roles" USING btree ("tenant_id","role_id");--> statement-breakpoint
CREATE UNIQUE INDEX "roles_tenant_name" ON "roles" USING btree ("tenant_id","name");--> statement-breakpoint
CREATE INDEX "roles_scopes_scope" ON "roles_scopes" USING btree ("tenant_id","scope_id");--> statement-breakpoint
CREATE INDEX "oidc_model_instances_uid" ON "oidc_model_instances" USING btree ("tenant_id","model_name",(payload->>'uid'));--> statement-breakpoint
CREATE INDEX "oidc_model_instances_user_code" ON "oidc_model_instances" USING btree ("tenant_id","model_name",(payload->>'userCode'));--> statement-breakpoint
CREATE INDEX "oidc_model_instances_grant_id" ON "oidc_model_instances" USING btree ("tenant_id",(payload->>'grantId'));--> statement-breakpoint
CREATE INDEX "oidc_model_instances_expires_at" ON "oidc_model_instances" USING btree ("expires_at");--> statement-breakpoint
CREATE POLICY "application_secrets_tenant_isolation" ON "application_secrets" AS PERMISSIVE FOR ALL TO "gatehouse_app" USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "applications_tenant_isolation" ON "applications" AS PERMISSIVE FOR ALL TO "gatehouse_app" USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "resources_tenant_isolation" ON "resources" AS PERMISSIVE FOR ALL TO "gatehouse_app" USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "scopes_tenant_isolation" ON "scopes" AS PERMISSIVE FOR ALL TO "gatehouse_app" USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "applications_roles_tenant_isolation" ON "applications_roles" AS PERMISSIVE FOR ALL TO "gatehouse_app" USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "roles_tenant_isolation" ON "roles" AS PERMISSIVE FOR ALL TO "gatehouse_app" USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "roles_scopes_tenant_isolation" ON "roles_scopes" AS PERMISSIVE FOR ALL TO "gatehouse_app" USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "oidc_keys_tenant_isolation" ON "oidc_keys" AS PERMISSIVE FOR ALL TO "gatehouse_app" USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "oidc_model_instances_tenant_isolation" ON "oidc_model_instances" AS PERMISSIVE FOR ALL TO "gatehouse_app" USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));