-- Identity: users, organizations, memberships (role per organization), single-use mailed codes.
CREATE TABLE users (
  id uuid PRIMARY KEY,
  email text NOT NULL UNIQUE,                  -- stored trimmed and lower-cased
  firstname text NOT NULL DEFAULT '',
  lastname text NOT NULL DEFAULT '',
  password_hash text,                          -- null while an invited account has not set a password
  confirmed_at timestamptz,
  is_admin boolean NOT NULL DEFAULT false,     -- platform administrator (the first account of an instance)
  token_version integer NOT NULL DEFAULT 0,    -- bumped by a password change: older tokens stop working
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE organizations (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE memberships (
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('Admin', 'Contributor')),
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (organization_id, user_id)
);
CREATE INDEX memberships_user_idx ON memberships (user_id, created_at);

CREATE TABLE auth_codes (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('confirm', 'reset')),
  code_hash text NOT NULL UNIQUE,              -- sha-256 of the mailed code; the code itself is never stored
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX auth_codes_user_idx ON auth_codes (user_id);

-- Settings the instance generates once and must keep across restarts (e.g. the JWT secret).
CREATE TABLE settings (
  key text PRIMARY KEY,
  value text NOT NULL
);

-- Content. Every row carries its organization so every query can be scoped by it.
CREATE TABLE projects (
  id uuid PRIMARY KEY,
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  sites jsonb NOT NULL DEFAULT '[]',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX projects_organization_idx ON projects (organization_id, updated_at DESC);

CREATE TABLE categories (
  id uuid PRIMARY KEY,
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX categories_project_idx ON categories (project_id, created_at);

CREATE TABLE scenarios (
  id uuid PRIMARY KEY,
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  category_id uuid NOT NULL REFERENCES categories (id) ON DELETE CASCADE,
  title text NOT NULL,
  description text NOT NULL,
  summary text NOT NULL,
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published')),
  min_duration integer NOT NULL CHECK (min_duration >= 0),
  max_duration integer NOT NULL CHECK (max_duration >= min_duration),
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX scenarios_category_idx ON scenarios (category_id, created_at);
CREATE INDEX scenarios_organization_idx ON scenarios (organization_id, status);

CREATE TABLE steps (
  id uuid PRIMARY KEY,
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  scenario_id uuid NOT NULL REFERENCES scenarios (id) ON DELETE CASCADE,
  position integer NOT NULL,
  name text NOT NULL,
  text text NOT NULL,
  extra text,
  url text NOT NULL,
  target jsonb,
  auto_click boolean NOT NULL DEFAULT false,
  missing_wait_seconds integer NOT NULL DEFAULT 6,
  missing_then text NOT NULL DEFAULT 'unanchored' CHECK (missing_then IN ('unanchored', 'skip')),
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX steps_scenario_idx ON steps (scenario_id, position);

-- Behind the storage interface (src/storage.ts): the local default keeps the bytes in the database.
CREATE TABLE screenshots (
  step_id uuid PRIMARY KEY REFERENCES steps (id) ON DELETE CASCADE,
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  content_type text NOT NULL CHECK (content_type IN ('image/png', 'image/jpeg', 'image/webp')),
  size integer NOT NULL,
  data bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE prerequisites (
  id uuid PRIMARY KEY,
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  scenario_id uuid NOT NULL REFERENCES scenarios (id) ON DELETE CASCADE,
  position integer NOT NULL,
  text text NOT NULL,
  required_scenario_id uuid REFERENCES scenarios (id) ON DELETE SET NULL
);
CREATE INDEX prerequisites_scenario_idx ON prerequisites (scenario_id, position);
CREATE INDEX prerequisites_required_idx ON prerequisites (required_scenario_id);

-- Guides launched by end users, and the steps whose target the player could not find (guide health).
CREATE TABLE runs (
  id uuid PRIMARY KEY,
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  scenario_id uuid NOT NULL REFERENCES scenarios (id) ON DELETE CASCADE,
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  status text NOT NULL CHECK (status IN ('started', 'completed', 'abandoned')),
  url text,
  steps_completed integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX runs_organization_idx ON runs (organization_id, created_at);
CREATE INDEX runs_scenario_idx ON runs (scenario_id, created_at);

CREATE TABLE run_step_issues (
  id uuid PRIMARY KEY,
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  run_id uuid NOT NULL REFERENCES runs (id) ON DELETE CASCADE,
  step_id uuid NOT NULL REFERENCES steps (id) ON DELETE CASCADE,
  outcome text NOT NULL CHECK (outcome IN ('not-found', 'low-confidence')),
  confidence double precision,
  url text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX run_step_issues_run_idx ON run_step_issues (run_id);
CREATE INDEX run_step_issues_step_idx ON run_step_issues (step_id, created_at);
