-- Step URLs become http(s) addresses on one of the project's sites (issue 37): the server refuses anything else from
-- now on. Rows saved before can hold anything (`javascript:…`, another site's page). They are not rewritten — an
-- author's page is not guessed — but reported here, so an operator can tell the project's authors; the reader and
-- the extension never navigate outside the project's sites, so such a step only plays where the project lives.
CREATE TABLE step_url_reports (
  step_id uuid NOT NULL REFERENCES steps (id) ON DELETE CASCADE,
  scenario_id uuid NOT NULL REFERENCES scenarios (id) ON DELETE CASCADE,
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  url text NOT NULL,                            -- the stored value, unchanged
  reason text NOT NULL CHECK (reason IN ('scheme', 'credentials', 'site')),
  reported_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX step_url_reports_scenario_idx ON step_url_reports (scenario_id);

INSERT INTO step_url_reports (step_id, scenario_id, organization_id, url, reason)
  SELECT id, scenario_id, organization_id, url,
    CASE WHEN m IS NULL THEN 'scheme' WHEN m[2] IS NOT NULL THEN 'credentials' ELSE 'site' END
  FROM (
    SELECT s.id, s.scenario_id, s.organization_id, s.url, s.position, p.sites,
      -- Without a scheme the server adds one (`shop.example.com/x`, `localhost:5174/x`); `javascript:…` keeps its own.
      regexp_match(
        CASE WHEN btrim(s.url) ~* '^[a-z][a-z0-9+.-]*:(?![0-9])' THEN btrim(s.url) ELSE 'https://' || btrim(s.url) END,
        '^(https?)://([^/?#@]*@)?([^/?#]+)', 'i') AS m
    FROM steps s
    JOIN scenarios sc ON sc.id = s.scenario_id
    JOIN categories c ON c.id = sc.category_id
    JOIN projects p ON p.id = c.project_id
  ) AS parsed
  -- A path alone (`/cart`) stays on the site being played: allowed.
  WHERE btrim(url) !~ '^/[^/\\]' AND (m IS NULL OR m[2] IS NOT NULL OR NOT EXISTS (
    SELECT 1
    FROM jsonb_array_elements_text(CASE jsonb_typeof(parsed.sites) WHEN 'array' THEN parsed.sites ELSE '[]'::jsonb END)
      AS site
    WHERE regexp_replace(lower(substring(site FROM '^[a-z]+://([^/?#]+)')), '^www\.', '')
      = regexp_replace(lower(m[3]), '^www\.', '')
  ))
  ORDER BY scenario_id, position;
