-- The dashboard from aggregates (issue 43). At 100,000 runs the dashboard counted every run of the window per day,
-- and counted steps without an index on their organization. Runs are now summed per UTC day as they arrive, in the
-- transaction that records or updates the run (repositories/run-days.ts), at two grains:
--   run_days           per organization, guide and day: a guide's figures (guide statistics build on it);
--   organization_run_days  per organization and day: the dashboard reads at most 30 rows, whatever the number of
--                      guides (at 25,000 guides the per-guide rows of a month are nearly as many as the runs).
-- A run counts on the day it started (its created_at), whatever day it ends: `completed` and `abandoned` are the
-- runs started that day that ended so, moved when the run's status changes.
CREATE TABLE run_days (
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  -- a deleted guide takes its runs with it (runs.scenario_id cascades): its figures go the same way
  scenario_id uuid NOT NULL REFERENCES scenarios (id) ON DELETE CASCADE,
  day date NOT NULL,
  started integer NOT NULL DEFAULT 0,
  completed integer NOT NULL DEFAULT 0,
  abandoned integer NOT NULL DEFAULT 0,
  PRIMARY KEY (scenario_id, day)
);
CREATE INDEX run_days_organization_idx ON run_days (organization_id, day);

CREATE TABLE organization_run_days (
  organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
  day date NOT NULL,
  started integer NOT NULL DEFAULT 0,
  completed integer NOT NULL DEFAULT 0,
  abandoned integer NOT NULL DEFAULT 0,
  PRIMARY KEY (organization_id, day)
);

-- A guide deleted (alone, with its category or with its project) takes its runs and its run_days rows with it
-- (cascades); its share leaves the organization's days too. Row-level, so it also follows the cascades; a restore's
-- TRUNCATE fires no such trigger, and an organization deleted takes both tables' rows anyway.
CREATE FUNCTION run_days_deleted() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN UPDATE organization_run_days SET started = started - OLD.started, completed = completed - OLD.completed, abandoned = abandoned - OLD.abandoned WHERE organization_id = OLD.organization_id AND day = OLD.day; RETURN OLD; END $$;
CREATE TRIGGER run_days_deleted AFTER DELETE ON run_days FOR EACH ROW EXECUTE FUNCTION run_days_deleted();

INSERT INTO run_days (organization_id, scenario_id, day, started, completed, abandoned)
  SELECT organization_id, scenario_id, (created_at AT TIME ZONE 'UTC')::date, count(*),
    count(*) FILTER (WHERE status = 'completed'), count(*) FILTER (WHERE status = 'abandoned')
  FROM runs GROUP BY 1, 2, 3;

INSERT INTO organization_run_days (organization_id, day, started, completed, abandoned)
  SELECT organization_id, day, sum(started), sum(completed), sum(abandoned)
  FROM run_days GROUP BY 1, 2;

-- The dashboard's other counts, each scoped by the organization through an index.
CREATE INDEX steps_organization_idx ON steps (organization_id);
CREATE INDEX categories_organization_idx ON categories (organization_id);
CREATE INDEX projects_created_idx ON projects (organization_id, created_at);
-- Runs by guide and day: runs_scenario_idx (scenario_id, created_at) of 0001 already serves the guides to repair, and
-- run_step_issues_organization_idx of 0003 their issues of the window.
