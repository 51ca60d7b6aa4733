CREATE TABLE "role_user_counts" (
	"tenant_id" varchar(21) NOT NULL,
	"role_id" varchar(21) NOT NULL,
	"slot" smallint NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "role_user_counts_tenant_id_role_id_slot_pk" PRIMARY KEY("tenant_id","role_id","slot")
);
--> statement-breakpoint
ALTER TABLE "role_user_counts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "logs_tenant_errors" ON "logs" USING btree ("tenant_id","created_at") WHERE "logs"."result" = 'Error';--> statement-breakpoint
CREATE POLICY "role_user_counts_tenant_isolation" ON "role_user_counts" AS PERMISSIVE FOR ALL TO "gatehouse_app" USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
-- role_user_counts is kept like user_counts (migration 0007): statement-level triggers, one update
-- per role and statement however many rows, run as the tables' owner.
CREATE FUNCTION role_user_counts_add() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  INSERT INTO role_user_counts (tenant_id, role_id, slot, count)
  SELECT tenant_id, role_id, floor(random() * 16)::smallint, count(*) FROM changed_rows GROUP BY tenant_id, role_id
  ON CONFLICT (tenant_id, role_id, slot) DO UPDATE SET count = role_user_counts.count + excluded.count;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Assignments deleted with their role (the foreign key's cascade, which may run after the role's
-- own trigger below) leave nothing to count.
CREATE FUNCTION role_user_counts_subtract() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  INSERT INTO role_user_counts (tenant_id, role_id, slot, count)
  SELECT tenant_id, role_id, floor(random() * 16)::smallint, -count(*) FROM changed_rows
  WHERE EXISTS (SELECT 1 FROM roles WHERE roles.tenant_id = changed_rows.tenant_id AND roles.id = changed_rows.role_id)
  GROUP BY tenant_id, role_id
  ON CONFLICT (tenant_id, role_id, slot) DO UPDATE SET count = role_user_counts.count + excluded.count;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A deleted role's counts go with it.
CREATE FUNCTION role_user_counts_forget() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  DELETE FROM role_user_counts AS counts USING changed_rows
  WHERE counts.tenant_id = changed_rows.tenant_id AND counts.role_id = changed_rows.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_roles_count_insert AFTER INSERT ON users_roles REFERENCING NEW TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION role_user_counts_add();
--> statement-breakpoint
CREATE TRIGGER users_roles_count_delete AFTER DELETE ON users_roles REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION role_user_counts_subtract();
--> statement-breakpoint
CREATE TRIGGER roles_forget_user_counts AFTER DELETE ON roles REFERENCING OLD TABLE AS changed_rows
  FOR EACH STATEMENT EXECUTE FUNCTION role_user_counts_forget();
--> statement-breakpoint
INSERT INTO role_user_counts (tenant_id, role_id, slot, count)
SELECT tenant_id, role_id, 0, count(*) FROM users_roles GROUP BY tenant_id, role_id;
