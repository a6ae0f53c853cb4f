-- Guides that start at the right moment (issue 42): each guide's start rule, read by the reader on the customer's
-- pages from the public catalogue. One jsonb value (mode, pages, frequency, delaySeconds, audience), checked by the
-- API against the contract (openapi.yaml, StartRule) before it is stored: it is only ever read and written whole, and
-- the catalogue returns it as it is. Every existing guide is manual, today's behaviour: started only when picked.
ALTER TABLE scenarios ADD COLUMN start_rule jsonb NOT NULL
  DEFAULT '{"mode":"manual","pages":[],"frequency":"once","delaySeconds":0,"audience":[]}'::jsonb;

-- The "Démarrage" card says when an audience rule can never match: when the project's pages never identified their
-- user (`mulot('identify', …)`). The reader reports it on its first call of a page view (GET /public/start?identified=1);
-- each replica remembers it in memory and writes it about once a second, each project at most once a minute
-- (src/identify-sightings.ts), like site_sightings (migration 0017): page views cost no write each. Nothing about
-- the user is stored, only when a page of the project last identified one.
CREATE TABLE identify_sightings (
  project_id uuid PRIMARY KEY REFERENCES projects (id) ON DELETE CASCADE,
  last_seen_at timestamptz NOT NULL
);
