CREATE TABLE "application_sign_in_experiences" (
	"tenant_id" varchar(21) NOT NULL,
	"application_id" varchar(21) NOT NULL,
	"display_name" varchar(256),
	"color" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"branding" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"terms_of_use_url" varchar(2048),
	"privacy_policy_url" varchar(2048),
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_sign_in_experiences_tenant_id_application_id_pk" PRIMARY KEY("tenant_id","application_id")
);
--> statement-breakpoint
ALTER TABLE "application_sign_in_experiences" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "application_user_consent_resource_scopes" (
	"tenant_id" varchar(21) NOT NULL,
	"application_id" varchar(21) NOT NULL,
	"scope_id" varchar(21) NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_consent_resource_scopes_pk" PRIMARY KEY("tenant_id","application_id","scope_id")
);
--> statement-breakpoint
ALTER TABLE "application_user_consent_resource_scopes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "application_user_consent_user_scopes" (
	"tenant_id" varchar(21) NOT NULL,
	"application_id" varchar(21) NOT NULL,
	"user_scope" varchar(64) NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_consent_user_scopes_pk" PRIMARY KEY("tenant_id","application_id","user_scope")
);
--> statement-breakpoint
ALTER TABLE "application_user_consent_user_scopes" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "application_sign_in_experiences" ADD CONSTRAINT "application_sign_in_experiences_application_fk" FOREIGN KEY ("tenant_id","application_id") REFERENCES "public"."applications"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_user_consent_resource_scopes" ADD CONSTRAINT "app_consent_resource_scopes_application_fk" FOREIGN KEY ("tenant_id","application_id") REFERENCES "public"."applications"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_user_consent_resource_scopes" ADD CONSTRAINT "app_consent_resource_scopes_scope_fk" FOREIGN KEY ("tenant_id","scope_id") REFERENCES "public"."scopes"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_user_consent_user_scopes" ADD CONSTRAINT "app_consent_user_scopes_application_fk" FOREIGN KEY ("tenant_id","application_id") REFERENCES "public"."applications"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_user_consent_resource_scopes_scope" ON "application_user_consent_resource_scopes" USING btree ("tenant_id","scope_id");--> statement-breakpoint
CREATE POLICY "application_sign_in_experiences_tenant_isolation" ON "application_sign_in_experiences" AS PERMISSIVE FOR ALL TO "gatehouse_app" USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "application_user_consent_resource_scopes_tenant_isolation" ON "application_user_consent_resource_scopes" AS PERMISSIVE FOR ALL TO "gatehouse_app" USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "application_user_consent_user_scopes_tenant_isolation" ON "application_user_consent_user_scopes" AS PERMISSIVE FOR ALL TO "gatehouse_app" USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));