-- Before this index a tenant could hold two email (or SMS) connectors of different factories, and
-- which one sent a message was undefined. The oldest one is kept, as the one messages went through.
DELETE FROM "connectors" AS "extra" USING "connectors" AS "kept"
WHERE "extra"."tenant_id" = "kept"."tenant_id" AND "extra"."type" = "kept"."type" AND "extra"."type" <> 'Social'
  AND ("kept"."created_at", "kept"."id") < ("extra"."created_at", "extra"."id");--> statement-breakpoint
CREATE UNIQUE INDEX "connectors_message_type" ON "connectors" USING btree ("tenant_id","type") WHERE "connectors"."type" <> 'Social';
