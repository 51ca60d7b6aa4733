CREATE TABLE "user_counts" (
	"tenant_id" varchar(21) NOT NULL,
	"slot" smallint NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "user_counts_tenant_id_slot_pk" PRIMARY KEY("tenant_id","slot")
);
--> statement-breakpoint
ALTER TABLE "user_counts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP INDEX "logs_tenant_user_id";--> statement-breakpoint
DROP INDEX "logs_tenant_application_id";--> statement-breakpoint
DROP INDEX "users_tenant_username";--> statement-breakpoint
DROP INDEX "users_tenant_primary_email";--> statement-breakpoint
DROP INDEX "users_tenant_last_sign_in_at";--> statement-breakpoint
DROP INDEX "oidc_model_instances_uid";--> statement-breakpoint
DROP INDEX "oidc_model_instances_user_code";--> statement-breakpoint
DROP INDEX "oidc_model_instances_grant_id";--> statement-breakpoint
ALTER TABLE "logs" ADD COLUMN "user_id" varchar GENERATED ALWAYS AS ((payload->>'userId')) STORED;--> statement-breakpoint
ALTER TABLE "logs" ADD COLUMN "application_id" varchar GENERATED ALWAYS AS ((payload->>'applicationId')) STORED;--> statement-breakpoint
ALTER TABLE "logs" ADD COLUMN "result" varchar GENERATED ALWAYS AS ((payload->>'result')) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "username_lower" varchar GENERATED ALWAYS AS (lower(username)) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "primary_email_lower" varchar GENERATED ALWAYS AS (lower(primary_email)) STORED;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "name_lower" varchar GENERATED ALWAYS AS (lower(name)) STORED;--> statement-breakpoint
ALTER TABLE "oidc_model_instances" ADD COLUMN "uid" varchar GENERATED ALWAYS AS ((payload->>'uid')) STORED;--> statement-breakpoint
ALTER TABLE "oidc_model_instances" ADD COLUMN "user_code" varchar GENERATED ALWAYS AS ((payload->>'userCode')) STORED;--> statement-breakpoint
ALTER TABLE "oidc_model_instances" ADD COLUMN "grant_id" varchar GENERATED ALWAYS AS ((payload->>'grantId')) STORED;--> statement-breakpoint
ALTER TABLE "oidc_model_instances" ADD COLUMN "account_id" varchar GENERATED ALWAYS AS ((payload->>'accountId')) STORED;--> statement-breakpoint
ALTER TABLE "oidc_model_instances" ADD COLUMN "client_id" varchar GENERATED ALWAYS AS ((payload->>'clientId')) STORED;--> statement-breakpoint
CREATE INDEX "users_tenant_lower_name" ON "users" USING btree ("tenant_id","name_lower");--> statement-breakpoint
CREATE INDEX "oidc_model_instances_account_id" ON "oidc_model_instances" USING btree ("tenant_id","account_id");--> statement-breakpoint
CREATE INDEX "oidc_model_instances_client_id" ON "oidc_model_instances" USING btree ("tenant_id","client_id");--> statement-breakpoint
CREATE INDEX "logs_tenant_user_id" ON "logs" USING btree ("tenant_id","user_id","created_at");--> statement-breakpoint
CREATE INDEX "logs_tenant_application_id" ON "logs" USING btree ("tenant_id","application_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "users_tenant_username" ON "users" USING btree ("tenant_id","username_lower");--> statement-breakpoint
CREATE UNIQUE INDEX "users_tenant_primary_email" ON "users" USING btree ("tenant_id","primary_email_lower");--> statement-breakpoint
CREATE INDEX "users_tenant_last_sign_in_at" ON "users" USING btree ("tenant_id","last_sign_in_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "oidc_model_instances_uid" ON "oidc_model_instances" USING btree ("tenant_id","model_name","uid");--> statement-breakpoint
CREATE INDEX "oidc_model_instances_user_code" ON "oidc_model_instances" USING btree ("tenant_id","model_name","user_code");--> statement-breakpoint
CREATE INDEX "oidc_model_instances_grant_id" ON "oidc_model_instances" USING btree ("tenant_id","grant_id");--> statement-breakpoint
CREATE POLICY "user_counts_tenant_isolation" ON "user_counts" AS PERMISSIVE FOR ALL TO "gatehouse_app" USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
-- user_counts is kept by statement-level triggers (one update per statement, however many rows).
-- SECURITY DEFINER runs them as the tables' owner: the counted rows carry their own tenant.
CREATE FUNCTION user_counts_add() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  INSERT INTO user_counts (tenant_id, slot, count)
  SELECT tenant_id, floor(random() * 16)::smallint, count(*) FROM changed_rows GROUP BY tenant_id
  ON CONFLICT (tenant_id, slot) DO UPDATE SET count = user_counts.count + excluded.count;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION user_counts_subtract() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  INSERT INTO user_counts (tenant_id, slot, count)
  SELECT tenant_id, floor(random() * 16)::smallint, -count(*) FROM changed_rows GROUP BY tenant_id
  ON CONFLICT (tenant_id, slot) DO UPDATE SET count = user_counts.count + excluded.count;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_count_insert AFTER INSERT ON users REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION user_counts_add();
--> statement-breakpoint
CREATE TRIGGER users_count_delete AFTER DELETE ON users REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION user_counts_subtract();
--> statement-breakpoint
INSERT INTO user_counts (tenant_id, slot, count)
SELECT tenant_id, 0, count(*) FROM users GROUP BY tenant_id
ON CONFLICT (tenant_id, slot) DO UPDATE SET count = user_counts.count + excluded.count;
--> statement-breakpoint
-- Row-level security evaluates its policy before any operator that is not leakproof, so ILIKE and
-- jsonb containment never reach their (trigram, GIN) indexes. These two functions run the indexed
-- query as the tables' owner, confined by an explicit predicate to the transaction's tenant — the
-- same setting the policies read — and return ids only, which the caller then reads under RLS.
CREATE FUNCTION gatehouse_search_user_ids(fields text, pattern text, term text) RETURNS SETOF varchar
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public ROWS 100 AS $$
DECLARE
  tenant text := current_setting('app.tenant_id', true);
  conditions text[] := '{}';
  field text;
BEGIN
  IF tenant IS NULL OR tenant = '' THEN
    RETURN;
  END IF;
  FOREACH field IN ARRAY string_to_array(fields, ',') LOOP
    conditions := conditions || CASE field
      WHEN 'id' THEN 'id = $3'
      WHEN 'username' THEN 'username ILIKE $2'
      WHEN 'primaryEmail' THEN 'primary_email ILIKE $2'
      WHEN 'primaryPhone' THEN 'primary_phone ILIKE $2'
      WHEN 'name' THEN 'name ILIKE $2'
      ELSE NULL END;
  END LOOP;
  conditions := array_remove(conditions, NULL);
  IF cardinality(conditions) = 0 THEN
    RETURN;
  END IF;
  RETURN QUERY EXECUTE 'SELECT id FROM users WHERE tenant_id = $1 AND (' || array_to_string(conditions, ' OR ') || ')'
    USING tenant, pattern, term;
END
$$;
--> statement-breakpoint
CREATE FUNCTION gatehouse_user_ids_by_identity(identity jsonb) RETURNS SETOF varchar
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public ROWS 1 AS $$
  SELECT id FROM users
  WHERE tenant_id = current_setting('app.tenant_id', true) AND identities @> identity;
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION gatehouse_search_user_ids(text, text, text) FROM PUBLIC;
--> statement-breakpoint
REVOKE ALL ON FUNCTION gatehouse_user_ids_by_identity(jsonb) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION gatehouse_search_user_ids(text, text, text) TO gatehouse_app;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION gatehouse_user_ids_by_identity(jsonb) TO gatehouse_app;
