CREATE TABLE "user_sso_identities" (
	"tenant_id" varchar(21) NOT NULL,
	"id" varchar(21) NOT NULL,
	"user_id" varchar(12) NOT NULL,
	"sso_connector_id" varchar(128) NOT NULL,
	"issuer" varchar(256) NOT NULL,
	"identity_id" varchar(128) NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_sso_identities_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "user_sso_identities" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "user_sso_identities" ADD CONSTRAINT "user_sso_identities_tenant_id_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_sso_identities_issuer_identity" ON "user_sso_identities" USING btree ("tenant_id","issuer","identity_id");--> statement-breakpoint
CREATE INDEX "user_sso_identities_user" ON "user_sso_identities" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE INDEX "users_identities" ON "users" USING gin ("identities" jsonb_path_ops);--> statement-breakpoint
CREATE POLICY "user_sso_identities_tenant_isolation" ON "user_sso_identities" AS PERMISSIVE FOR ALL TO "gatehouse_app" USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));