-- Substring search over user identifiers uses trigram indexes. pg_trgm is a trusted extension:
-- the database owner may create it without being a superuser.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
