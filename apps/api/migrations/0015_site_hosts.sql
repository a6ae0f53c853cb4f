-- The catalogue and the assistant with a page's URL find the projects whose sites have the page's host (issue 43):
-- in SQL, through an index, rather than by loading every project of the organization and matching in JavaScript.
-- A site's host as the server has always compared it: the origin's host name, lower case, without its port or a
-- leading "www." (http://localhost:5174 and https://localhost:3000 are the same site; so are www.shop.example.com and
-- shop.example.com). Sites are stored as origins (migration 0005 and @mulot/api-client/site), so the host is what
-- lies between the scheme and the port. The function is immutable: the index below is built from it.
-- Statements inside function bodies stay on one line: migrations are split at semicolons ending a line.
-- One function, calling built-ins only: an index is built with search_path limited to pg_catalog (PostgreSQL 17).
CREATE FUNCTION mulot_site_hosts(sites jsonb) RETURNS text[] LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT h.host) FILTER (WHERE h.host IS NOT NULL), '{}') FROM jsonb_array_elements_text(CASE jsonb_typeof(sites) WHEN 'array' THEN sites ELSE '[]'::jsonb END) AS e (site) CROSS JOIN LATERAL (SELECT nullif(regexp_replace(lower(substring(regexp_replace(btrim(e.site), '^[a-z][a-z0-9+.-]*://', '', 'i') FROM '^(?:[^/?#@]*@)?(\[[^]/?#]*\]|[^:/?#]*)')), '^www\.', ''), '') AS host) AS h
$$;

CREATE INDEX projects_site_hosts_idx ON projects USING gin (mulot_site_hosts(sites));
