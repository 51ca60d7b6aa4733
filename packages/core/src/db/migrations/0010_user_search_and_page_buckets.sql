CREATE TABLE "user_created_buckets" (
	"tenant_id" varchar(21) NOT NULL,
	"level" smallint NOT NULL,
	"bucket" timestamp(0) NOT NULL,
	"slot" smallint NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "user_created_buckets_tenant_id_level_bucket_slot_pk" PRIMARY KEY("tenant_id","level","bucket","slot")
);
--> statement-breakpoint
ALTER TABLE "user_created_buckets" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
DROP INDEX "users_username_trgm";--> statement-breakpoint
DROP INDEX "users_primary_email_trgm";--> statement-breakpoint
DROP INDEX "users_primary_phone_trgm";--> statement-breakpoint
DROP INDEX "users_name_trgm";--> statement-breakpoint
DROP INDEX "users_tenant_lower_name";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce(username, '') || chr(31) || coalesce(primary_email, '') || chr(31) || coalesce(primary_phone, '') || chr(31) || coalesce(name, ''))) STORED;--> statement-breakpoint
CREATE INDEX "users_search_text_trgm" ON "users" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_tenant_username_prefix" ON "users" USING btree ("tenant_id","username_lower" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_tenant_primary_email_prefix" ON "users" USING btree ("tenant_id","primary_email_lower" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_tenant_primary_phone_prefix" ON "users" USING btree ("tenant_id","primary_phone" varchar_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_tenant_name_prefix" ON "users" USING btree ("tenant_id","name_lower" varchar_pattern_ops);--> statement-breakpoint
CREATE POLICY "user_created_buckets_tenant_isolation" ON "user_created_buckets" AS PERMISSIVE FOR ALL TO "gatehouse_app" USING (tenant_id = current_setting('app.tenant_id', true)) WITH CHECK (tenant_id = current_setting('app.tenant_id', true));--> statement-breakpoint
-- The list's creation-order index also carries search_text, so a search walking it in order
-- (see gatehouse_search_users) reads no table rows.
DROP INDEX "users_tenant_created_at";--> statement-breakpoint
CREATE INDEX "users_tenant_created_at" ON "users" USING btree ("tenant_id","created_at","id") INCLUDE ("search_text");--> statement-breakpoint
-- Bucket counts are kept by the triggers that keep user_counts, and by users_move_creation below.
CREATE OR REPLACE FUNCTION user_counts_add() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  INSERT INTO user_counts (tenant_id, slot, count)
  SELECT tenant_id, floor(random() * 16)::smallint, count(*) FROM changed_rows GROUP BY tenant_id
  ON CONFLICT (tenant_id, slot) DO UPDATE SET count = user_counts.count + excluded.count;
  INSERT INTO user_created_buckets (tenant_id, level, bucket, slot, count)
  SELECT tenant_id, level, bucket, floor(random() * 4)::smallint, count(*) FROM (
    SELECT tenant_id, 0::smallint AS level, date_trunc('day', created_at AT TIME ZONE 'UTC') AS bucket FROM changed_rows
    UNION ALL
    SELECT tenant_id, 1::smallint, date_trunc('minute', created_at AT TIME ZONE 'UTC') FROM changed_rows
  ) AS created GROUP BY tenant_id, level, bucket
  ON CONFLICT (tenant_id, level, bucket, slot) DO UPDATE SET count = user_created_buckets.count + excluded.count;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION user_counts_subtract() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  INSERT INTO user_counts (tenant_id, slot, count)
  SELECT tenant_id, floor(random() * 16)::smallint, -count(*) FROM changed_rows GROUP BY tenant_id
  ON CONFLICT (tenant_id, slot) DO UPDATE SET count = user_counts.count + excluded.count;
  INSERT INTO user_created_buckets (tenant_id, level, bucket, slot, count)
  SELECT tenant_id, level, bucket, floor(random() * 4)::smallint, -count(*) FROM (
    SELECT tenant_id, 0::smallint AS level, date_trunc('day', created_at AT TIME ZONE 'UTC') AS bucket FROM changed_rows
    UNION ALL
    SELECT tenant_id, 1::smallint, date_trunc('minute', created_at AT TIME ZONE 'UTC') FROM changed_rows
  ) AS deleted GROUP BY tenant_id, level, bucket
  ON CONFLICT (tenant_id, level, bucket, slot) DO UPDATE SET count = user_created_buckets.count + excluded.count;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- A changed creation time (rare: corrected imports) moves the user between buckets.
CREATE FUNCTION users_move_creation() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $$
BEGIN
  IF OLD.tenant_id IS DISTINCT FROM NEW.tenant_id THEN
    RAISE EXCEPTION 'users.tenant_id cannot change' USING ERRCODE = 'check_violation';
  END IF;
  INSERT INTO user_created_buckets (tenant_id, level, bucket, slot, count)
  SELECT NEW.tenant_id, level, bucket, floor(random() * 4)::smallint, sum(delta) FROM (VALUES
    (0::smallint, date_trunc('day', OLD.created_at AT TIME ZONE 'UTC'), -1),
    (1::smallint, date_trunc('minute', OLD.created_at AT TIME ZONE 'UTC'), -1),
    (0::smallint, date_trunc('day', NEW.created_at AT TIME ZONE 'UTC'), 1),
    (1::smallint, date_trunc('minute', NEW.created_at AT TIME ZONE 'UTC'), 1)
  ) AS moved (level, bucket, delta) GROUP BY level, bucket
  ON CONFLICT (tenant_id, level, bucket, slot) DO UPDATE SET count = user_created_buckets.count + excluded.count;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_move_creation AFTER UPDATE OF created_at, tenant_id ON users FOR EACH ROW
  WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.tenant_id IS DISTINCT FROM NEW.tenant_id)
  EXECUTE FUNCTION users_move_creation();
--> statement-breakpoint
INSERT INTO user_created_buckets (tenant_id, level, bucket, slot, count)
SELECT tenant_id, level, bucket, 0, count(*) FROM (
  SELECT tenant_id, 0::smallint AS level, date_trunc('day', created_at AT TIME ZONE 'UTC') AS bucket FROM users
  UNION ALL
  SELECT tenant_id, 1::smallint, date_trunc('minute', created_at AT TIME ZONE 'UTC') FROM users
) AS existing GROUP BY tenant_id, level, bucket;
--> statement-breakpoint
DROP FUNCTION gatehouse_search_user_ids(text, text, text);
--> statement-breakpoint
-- User search, run as the tables' owner because row-level security keeps LIKE (not leakproof) from
-- the indexes; confined by an explicit predicate to the transaction's tenant, the same setting the
-- policies read. Only the search's own SQL runs here, built from a closed list of fields, with the
-- term bound as a parameter and its wildcards escaped. Returns matching ids: `max_rows` of them
-- from `skip` in the list's order when `sort_by` is given, else any `max_rows` (a bounded count).
--
-- Terms of three characters or more match anywhere in a field (one trigram index over
-- search_text); shorter terms match the start of a field (the prefix indexes). The planner cannot
-- tell how many rows a pattern matches (it guesses a hundred for any long one), so the plan is
-- chosen here, and from what the caller's count found:
-- - a count reads each prefix index in order until it has enough, or looks for enough matches
--   among the newest 5,000 users (a term a fifth of users match) before reading the trigram bitmap;
-- - a page of a `dense = false` search (at most a thousand matches) reads the matches from the
--   search indexes' bitmaps and sorts them;
-- - a page of a `dense` search first walks the first 25,000 rows of the sort order (fifty per row
--   asked for, deeper in), which hold the page whenever matches are not rare there, and only
--   otherwise reads every match.
-- Sequential scans are always off: each search has an index, and a scan that "soon finds enough
-- rows" is a guess that a rare term turns into reading the whole table.
CREATE FUNCTION gatehouse_search_users(
  fields text, term text, role_id text, suspended boolean, sort_by text, descending boolean,
  after_created_at timestamptz, after_id text, max_rows int, skip int, dense boolean
) RETURNS SETOF varchar
LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public
SET enable_seqscan = off SET enable_indexscan = on SET enable_bitmapscan = on ROWS 20 AS $$
DECLARE
  tenant text := current_setting('app.tenant_id', true);
  short boolean := char_length(term) < 3;
  escaped text := replace(replace(replace(lower(term), '\', '\\'), '%', '\%'), '_', '\_');
  pattern text := CASE WHEN short THEN escaped || '%' ELSE '%' || escaped || '%' END;
  columns text[] := '{}';
  matches text[] := '{}';
  field text;
  conditions text;
  ordering text := '';
  keyset text := '';
  filters text := '';
  direction text := CASE WHEN descending THEN 'DESC' ELSE 'ASC' END;
  page varchar[];
BEGIN
  IF tenant IS NULL OR tenant = '' OR strpos(term, chr(31)) > 0 THEN
    RETURN;
  END IF;
  FOREACH field IN ARRAY string_to_array(fields, ',') LOOP
    CASE field
      WHEN 'id' THEN matches := matches || 'id = $3'::text;
      WHEN 'username' THEN columns := columns || 'username_lower'::text;
      WHEN 'primaryEmail' THEN columns := columns || 'primary_email_lower'::text;
      WHEN 'primaryPhone' THEN columns := columns || 'primary_phone'::text;
      WHEN 'name' THEN columns := columns || 'name_lower'::text;
      ELSE NULL;
    END CASE;
  END LOOP;
  IF cardinality(columns) > 0 THEN
    IF short THEN
      matches := matches || array(SELECT c || ' LIKE $2' FROM unnest(columns) AS c);
    ELSIF cardinality(columns) = 4 THEN
      matches := matches || 'search_text LIKE $2'::text;
    ELSE
      matches := matches || ('(search_text LIKE $2 AND (' || array_to_string(array(SELECT c || ' LIKE $2' FROM unnest(columns) AS c), ' OR ') || '))');
    END IF;
  END IF;
  IF cardinality(matches) = 0 THEN
    RETURN;
  END IF;
  IF suspended IS NOT NULL THEN
    filters := filters || ' AND is_suspended = $5';
  END IF;
  IF role_id IS NOT NULL THEN
    filters := filters || ' AND EXISTS (SELECT 1 FROM users_roles r WHERE r.tenant_id = $1 AND r.role_id = $4 AND r.user_id = users.id)';
  END IF;
  IF after_created_at IS NOT NULL THEN
    keyset := CASE WHEN descending THEN ' AND (created_at, id) < ($6, $7)' ELSE ' AND (created_at, id) > ($6, $7)' END;
  END IF;
  conditions := '(' || array_to_string(matches, ' OR ') || ')' || filters;

  IF sort_by IS NULL AND short THEN
    -- A bounded count of prefix matches: each field's prefix index read in order until enough are
    -- found (a bitmap would first collect every match of a common prefix). If no field reached the
    -- bound, the union is every match.
    RETURN QUERY EXECUTE 'SELECT id FROM ('
      || array_to_string(array(SELECT '(SELECT id FROM users WHERE tenant_id = $1 AND ' || m || filters || ' LIMIT $8)' FROM unnest(matches) AS m), ' UNION ')
      || ') AS matched LIMIT $8'
      USING tenant, pattern, term, role_id, suspended, after_created_at, after_id, max_rows, skip;
    RETURN;
  END IF;
  -- NULLS LAST on id too (never null), so the ORDER BY is exactly the indexes' order.
  IF sort_by = 'lastSignInAt' THEN
    ordering := ' ORDER BY last_sign_in_at ' || direction || CASE WHEN descending THEN ' NULLS LAST' ELSE ' NULLS FIRST' END
      || ', id ' || direction || CASE WHEN descending THEN ' NULLS LAST' ELSE ' NULLS FIRST' END;
  ELSIF sort_by = 'createdAt' THEN
    ordering := ' ORDER BY created_at ' || direction || ', id ' || direction;
  END IF;

  -- The walk: the first rows of an order, filtered, taken only if they hold all that is asked.
  IF (dense AND ordering <> '') OR (sort_by IS NULL AND NOT short) THEN
    -- Only the columns the filter reads: sorted by creation, a search over every field is then an
    -- index-only scan of users_tenant_created_at, which carries search_text.
    EXECUTE 'SELECT array_agg(id) FROM (SELECT id FROM (SELECT id, ' || CASE WHEN sort_by = 'lastSignInAt' THEN 'last_sign_in_at' ELSE 'created_at' END
      || CASE WHEN short THEN '' ELSE ', search_text' END
      || coalesce(', ' || nullif(array_to_string(columns, ', '), ''), '')
      || CASE WHEN suspended IS NULL THEN '' ELSE ', is_suspended' END
      || ' FROM users WHERE tenant_id = $1' || keyset
      || CASE WHEN sort_by IS NULL THEN ' ORDER BY created_at DESC, id DESC LIMIT 5000'
         ELSE ordering || ' LIMIT ' || greatest(25000, 50 * (skip + max_rows)) END
      || ') AS users WHERE ' || conditions || ordering || ' LIMIT $8 OFFSET $9) AS page'
      INTO page USING tenant, pattern, term, role_id, suspended, after_created_at, after_id, max_rows, skip;
    IF cardinality(page) = max_rows THEN
      RETURN QUERY SELECT unnest(page);
      RETURN;
    END IF;
  END IF;
  -- Local to this call: the SET clauses above restore both settings when the function returns.
  PERFORM set_config('enable_indexscan', 'off', true);
  RETURN QUERY EXECUTE 'SELECT id FROM users WHERE tenant_id = $1 AND ' || conditions || keyset || ordering || ' LIMIT $8 OFFSET $9'
    USING tenant, pattern, term, role_id, suspended, after_created_at, after_id, max_rows, skip;
END
$$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION gatehouse_search_users(text, text, text, boolean, text, boolean, timestamptz, text, int, int, boolean) FROM PUBLIC;
--> statement-breakpoint
GRANT EXECUTE ON FUNCTION gatehouse_search_users(text, text, text, boolean, text, boolean, timestamptz, text, int, int, boolean) TO gatehouse_app;
