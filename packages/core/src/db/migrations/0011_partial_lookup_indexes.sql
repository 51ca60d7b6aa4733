DROP INDEX "logs_tenant_user_id";--> statement-breakpoint
DROP INDEX "logs_tenant_application_id";--> statement-breakpoint
DROP INDEX "oidc_model_instances_uid";--> statement-breakpoint
DROP INDEX "oidc_model_instances_user_code";--> statement-breakpoint
DROP INDEX "oidc_model_instances_grant_id";--> statement-breakpoint
DROP INDEX "oidc_model_instances_account_id";--> statement-breakpoint
DROP INDEX "oidc_model_instances_client_id";--> statement-breakpoint
CREATE INDEX "logs_tenant_user_id" ON "logs" USING btree ("tenant_id","user_id","created_at") WHERE "logs"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "logs_tenant_application_id" ON "logs" USING btree ("tenant_id","application_id","created_at") WHERE "logs"."application_id" is not null;--> statement-breakpoint
CREATE INDEX "oidc_model_instances_uid" ON "oidc_model_instances" USING btree ("tenant_id","model_name","uid") WHERE "oidc_model_instances"."uid" is not null;--> statement-breakpoint
CREATE INDEX "oidc_model_instances_user_code" ON "oidc_model_instances" USING btree ("tenant_id","model_name","user_code") WHERE "oidc_model_instances"."user_code" is not null;--> statement-breakpoint
CREATE INDEX "oidc_model_instances_grant_id" ON "oidc_model_instances" USING btree ("tenant_id","grant_id") WHERE "oidc_model_instances"."grant_id" is not null;--> statement-breakpoint
CREATE INDEX "oidc_model_instances_account_id" ON "oidc_model_instances" USING btree ("tenant_id","account_id") WHERE "oidc_model_instances"."account_id" is not null;--> statement-breakpoint
CREATE INDEX "oidc_model_instances_client_id" ON "oidc_model_instances" USING btree ("tenant_id","client_id") WHERE "oidc_model_instances"."client_id" is not null;