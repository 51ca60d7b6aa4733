-- The runtime role the server switches to after connecting. It owns nothing, so row-level
-- security applies to every query it makes. Roles are cluster-wide: tolerate a concurrent creator.
DO $$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'gatehouse_app') THEN
    CREATE ROLE gatehouse_app NOLOGIN NOSUPERUSER NOBYPASSRLS;
  END IF;
EXCEPTION WHEN duplicate_object OR unique_violation THEN
  NULL;
END
$$;
--> statement-breakpoint
-- The migrating user switches to the runtime role after connecting, so it must be a member. A DBA
-- may have created the role and granted membership already; only grant when that is not the case.
DO $$
BEGIN
  IF NOT pg_has_role(CURRENT_USER, 'gatehouse_app', 'MEMBER') THEN
    EXECUTE format('GRANT gatehouse_app TO %I', CURRENT_USER);
  END IF;
END
$$;
--> statement-breakpoint
GRANT USAGE ON SCHEMA public TO gatehouse_app;
--> statement-breakpoint
ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO gatehouse_app;
