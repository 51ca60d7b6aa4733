CREATE TABLE "logs" (
	"tenant_id" varchar(21) NOT NULL,
	"id" varchar(21) NOT NULL,
	"key" varchar(128) NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "logs_tenant_id_id_pk" PRIMARY KEY("tenant_id","id")
);
--> statement-breakpoint
ALTER TABLE "logs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "logs" ADD CONSTRAINT "logs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "logs_tenant_created_at" ON "logs" USING btree ("tenant_id","created_at","id");--> statement-breakpoint
CREATE INDEX "logs_tenant_key_created_at" ON "logs" USING btree ("tenant_id","key","created_at");--> statement-breakpoint
CREATE INDEX "logs_tenant_user_id" ON "logs" USING btree ("tenant_id",(payload->>'userId'),"created_at");--> statement-breakpoint
CREATE INDEX "logs_tenant_application_id" ON "logs" USING btree ("tenant_id",(payload->>'applicationId'),"created_at");--> statement-breakpoint
CREATE POLICY "logs_tenant_isolation" ON "logs" AS PERMISSIVE FOR ALL TO "gatehouse_app" USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));