-- Tenants created before the users and audit log APIs get their management scopes (new tenants
-- are seeded with them). Runs as the tables' owner, so row-level security does not hide other tenants' rows.
INSERT INTO scopes (tenant_id, id, resource_id, name, description)
SELECT resources.tenant_id, substr(md5(random()::text || resources.tenant_id || added.name), 1, 21), resources.id, added.name, added.description
FROM resources
CROSS JOIN (VALUES
  ('read:users', 'Read users and their roles.'),
  ('write:users', 'Create, update, suspend and delete users, set passwords and assign roles.'),
  ('read:logs', 'Read audit logs.')
) AS added(name, description)
WHERE resources.is_built_in
ON CONFLICT DO NOTHING;
