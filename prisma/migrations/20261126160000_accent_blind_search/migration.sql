-- Name searches match regardless of accents: "sao paulo" finds "São Paulo", "munchen" "München".
-- Both sides of the comparison go through unaccent (a contrib extension, shipped with PostgreSQL
-- and with PGlite), and the trigram indexes are built on the unaccented names so that the
-- searches still read them (lib/search/text-match.ts writes the queries' side).
CREATE EXTENSION IF NOT EXISTS "unaccent";

-- unaccent() is only STABLE (it looks its dictionary up by name at each call), and an index
-- expression must be IMMUTABLE. This wrapper names the dictionary by its schema, so that its
-- result cannot change with the search_path. The extension's schema is looked up, not assumed.
DO $$
DECLARE
  extension_schema text := (SELECT quote_ident(n.nspname) FROM pg_extension e
                              JOIN pg_namespace n ON n.oid = e.extnamespace
                             WHERE e.extname = 'unaccent');
BEGIN
  EXECUTE format(
    'CREATE FUNCTION "immutable_unaccent"(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT '
    'AS %L',
    format('SELECT %s.unaccent(%L::regdictionary, $1)', extension_schema, extension_schema || '.unaccent')
  );
END $$;

DROP INDEX "universities_name_trgm_idx";
CREATE INDEX "universities_name_unaccent_trgm_idx" ON "universities" USING GIN ("immutable_unaccent"("name") gin_trgm_ops);

DROP INDEX "programs_name_trgm_idx";
CREATE INDEX "programs_name_unaccent_trgm_idx" ON "programs" USING GIN ("immutable_unaccent"("name") gin_trgm_ops);
