-- Project sites become http(s) origins (issue 14). Rows saved before the server checked them can hold anything
-- (`pas une url`, `javascript:alert(1)`, `localhost:5174`, objects { site: … }). Each one is normalized as
-- @mulot/api-client/site does it (trimmed, https:// added when there is no scheme, lower-cased, path dropped,
-- default port dropped); what is not an http(s) address of a host is removed from the project. Both outcomes are
-- reported in site_repairs, so an operator can see what changed and tell the project's authors.
CREATE TABLE site_repairs (
  project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  site text NOT NULL,                           -- the stored value (JSON text when it was not a string)
  outcome text NOT NULL CHECK (outcome IN ('normalized', 'removed')),
  origin text,                                  -- the origin kept, when normalized
  repaired_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX site_repairs_project_idx ON site_repairs (project_id);

CREATE FUNCTION mulot_0005_site_origin(site text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN m IS NULL THEN NULL ELSE
    lower(m[1]) || '://' || lower(m[2]) ||
    CASE WHEN m[3] IS NULL OR (lower(m[1]) = 'https' AND m[3] = '443') OR (lower(m[1]) = 'http' AND m[3] = '80')
      THEN '' ELSE ':' || ltrim(m[3], '0') END
  END
  FROM (SELECT regexp_match(
    CASE WHEN btrim(site) ~* '^[a-z][a-z0-9+.-]*://' THEN btrim(site) ELSE 'https://' || btrim(site) END,
    '^(https?)://((?:[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?)(?:\.[a-z0-9_](?:[a-z0-9_-]*[a-z0-9_])?)*\.[a-z_-][a-z0-9_-]*|localhost|(?:[0-9]{1,3}\.){3}[0-9]{1,3}|\[[0-9a-f:.]+\])(?::([0-9]{1,5}))?(?:[/?#].*)?$',
    'i') AS m) AS parsed
$$;

CREATE TEMPORARY TABLE mulot_0005_sites ON COMMIT DROP AS
  SELECT p.id AS project_id, p.organization_id, e.position,
    CASE jsonb_typeof(e.value) WHEN 'string' THEN e.value #>> '{}' ELSE e.value::text END AS site,
    mulot_0005_site_origin(CASE jsonb_typeof(e.value)
      WHEN 'string' THEN e.value #>> '{}'
      WHEN 'object' THEN e.value ->> 'site'
    END) AS origin
  FROM projects p
  CROSS JOIN LATERAL jsonb_array_elements(CASE jsonb_typeof(p.sites) WHEN 'array' THEN p.sites ELSE '[]'::jsonb END)
    WITH ORDINALITY AS e (value, position);

INSERT INTO site_repairs (project_id, organization_id, site, outcome, origin)
  SELECT project_id, organization_id, site, CASE WHEN origin IS NULL THEN 'removed' ELSE 'normalized' END, origin
  FROM mulot_0005_sites
  WHERE origin IS DISTINCT FROM site
  ORDER BY project_id, position;

INSERT INTO site_repairs (project_id, organization_id, site, outcome)
  SELECT id, organization_id, sites::text, 'removed' FROM projects WHERE jsonb_typeof(sites) <> 'array';

UPDATE projects p SET sites = coalesce((
    SELECT jsonb_agg(kept.origin ORDER BY kept.first_position)
    FROM (
      SELECT origin, min(position) AS first_position FROM mulot_0005_sites
      WHERE project_id = p.id AND origin IS NOT NULL GROUP BY origin
    ) AS kept
  ), '[]'::jsonb)
  WHERE jsonb_typeof(p.sites) <> 'array'
    OR p.id IN (SELECT project_id FROM mulot_0005_sites WHERE origin IS DISTINCT FROM site);

DROP FUNCTION mulot_0005_site_origin(text);
