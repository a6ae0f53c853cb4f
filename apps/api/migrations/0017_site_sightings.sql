-- Installation status on the project page (issue 39): when a public call last came from each of a project's sites,
-- so the back-office can say "Extrait détecté sur https://… il y a 3 min". One row per project and site host (the
-- host rule of migration 0015): a key is public, so whoever holds it could otherwise add a row per made-up port.
-- Written by each replica at most once a minute per row, from what it remembered in memory (src/site-sightings.ts):
-- page views cost no write each. The origin is the last one seen on that host (its scheme and port as the browser
-- sent them); the project's deletion removes its rows.
CREATE TABLE site_sightings (
  project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  host text NOT NULL,
  origin text NOT NULL,
  last_seen_at timestamptz NOT NULL,
  PRIMARY KEY (project_id, host)
);
