-- End users play guides without an account (issue 39). Each project has a site key: public like a publishable key,
-- it names the project whose published guides a customer's site may read and play, and nothing else. Made by the
-- database for every project, existing ones included (a volatile default is evaluated per row); an Admin rotates it
-- (UPDATE … SET site_key = DEFAULT): the old key stops at once. Two random UUIDs: 244 random bits.
ALTER TABLE projects ADD COLUMN site_key text NOT NULL
  DEFAULT ('mlt_pk_' || replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''));
CREATE UNIQUE INDEX projects_site_key_idx ON projects (site_key);

-- An end user's run has no account: a random visitor id made in the site's localStorage, never linked to a person.
-- Only the same visitor may update it.
ALTER TABLE runs ADD COLUMN visitor_id uuid;

-- The public calls' limits: fixed one-minute windows, counted in each replica's memory and added here about once a
-- second (src/public-counts.ts), so that a busy site's page views do not each write a row of every hit.
CREATE TABLE public_hits (
  bucket text NOT NULL,
  key text NOT NULL,
  window_start timestamptz NOT NULL,
  hits integer NOT NULL,
  PRIMARY KEY (bucket, key, window_start)
);
