CREATE TABLE "users_roles" (
	"tenant_id" varchar(21) NOT NULL,
	"user_id" varchar(12) NOT NULL,
	"role_id" varchar(21) NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_roles_tenant_id_user_id_role_id_pk" PRIMARY KEY("tenant_id","user_id","role_id")
);
--> statement-breakpoint
ALTER TABLE "users_roles" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "users" (
	"tenant_id" varchar(21) NOT NULL,
	"id" varchar(12) NOT NULL,
	"username" varchar(128),
	"primary_email" varchar(128),
	"primary_phone" varchar(128),
	"password_encrypted" text,
	"password_encryption_method" varchar(32),
	"name" varchar(128),
	"avatar" varchar(2048),
	"profile" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"application_id" varchar(21),
	"identities" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"custom_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"mfa_verifications" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_suspended" boolean DEFAULT false NOT NULL,
	"last_sign_in_at" timestamp (3) with time zone,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "users" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "users_roles" ADD CONSTRAINT "users_roles_tenant_id_user_id_users_tenant_id_id_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users_roles" ADD CONSTRAINT "users_roles_tenant_id_role_id_roles_tenant_id_id_fk" FOREIGN KEY ("tenant_id","role_id") REFERENCES "public"."roles"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_roles_role" ON "users_roles" USING btree ("tenant_id","role_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_tenant_username" ON "users" USING btree ("tenant_id",lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_tenant_primary_email" ON "users" USING btree ("tenant_id",lower("primary_email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_tenant_primary_phone" ON "users" USING btree ("tenant_id","primary_phone");--> statement-breakpoint
CREATE INDEX "users_tenant_created_at" ON "users" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "users_tenant_last_sign_in_at" ON "users" USING btree ("tenant_id","last_sign_in_at","id");--> statement-breakpoint
CREATE INDEX "users_username_trgm" ON "users" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_primary_email_trgm" ON "users" USING gin ("primary_email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_primary_phone_trgm" ON "users" USING gin ("primary_phone" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_trgm" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE POLICY "users_roles_tenant_isolation" ON "users_roles" AS PERMISSIVE FOR ALL TO "gatehouse_app" USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
CREATE POLICY "users_tenant_isolation" ON "users" AS PERMISSIVE FOR ALL TO "gatehouse_app" USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));